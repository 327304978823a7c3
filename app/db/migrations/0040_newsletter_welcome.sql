-- The welcome mail (issue 24): one newsletter issue may be the mail each new subscriber gets after confirming.
ALTER TABLE "newsletter_issues" ADD COLUMN "welcome" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_issues_one_welcome" ON "newsletter_issues" USING btree ("welcome") WHERE "newsletter_issues"."welcome";
