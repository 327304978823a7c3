-- Data requests handled in the console (issue 26, ADR 0084): that a request for an address was answered, and
-- how, without the data itself; the address only as its SHA-256, so a second request for it can be recognised.
CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"email_hash" text NOT NULL,
	"handled_by_email" text NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "privacy_requests_kind_check" CHECK ("privacy_requests"."kind" in ('export', 'erasure'))
);
--> statement-breakpoint
CREATE INDEX "privacy_requests_email_hash_idx" ON "privacy_requests" USING btree ("email_hash");
--> statement-breakpoint
CREATE INDEX "privacy_requests_handled_at_idx" ON "privacy_requests" USING btree ("handled_at" DESC NULLS LAST);
