-- A console reply names its mail (issue 26): the thread shows whether it was queued, sent or failed.
-- The mail's row goes with the sent-mail retention; the reply stays and its state is then not known.
ALTER TABLE "contact_replies" ADD COLUMN "mail_id" bigint;--> statement-breakpoint
ALTER TABLE "contact_replies" ADD CONSTRAINT "contact_replies_mail_id_mail_log_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_log"("id") ON DELETE set null ON UPDATE no action;
