-- Background work moves to pg-boss (ADR 0046); its own schema "pgboss" is created by pg-boss at start.
-- Mails as the member and the console see them: recipient, subject, state. "content" (body, Reply-To,
-- headers) is kept only while the mail is to be sent.
CREATE TABLE "mail_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"content" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"erase_when_done" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_log_status_check" CHECK ("status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "mail_log_recipient_idx" ON "mail_log" USING btree (lower("recipient"));
--> statement-breakpoint
-- Ended mails keep their history (no body: the outbox had already cleared sent ones).
INSERT INTO "mail_log" ("recipient", "subject", "status", "attempts", "last_error", "created_at", "updated_at")
SELECT coalesce("payload"->>'to', ''), coalesce("payload"->>'subject', ''),
	CASE WHEN "status" = 'done' THEN 'sent' ELSE 'failed' END, "attempts", "last_error", "created_at", "updated_at"
FROM "outbox" WHERE "status" IN ('done', 'failed') AND "kind" = 'mail' AND NOT "payload" ? 'erased';
--> statement-breakpoint
-- Jobs still to run: queued on pg-boss by the first process that starts (app/lib/outbox-handover.server.ts).
CREATE TABLE "outbox_handover" (
	"id" bigint PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
INSERT INTO "outbox_handover" ("id", "kind", "payload") SELECT "id", "kind", "payload" FROM "outbox" WHERE "status" = 'pending';
--> statement-breakpoint
DROP TABLE "outbox";
--> statement-breakpoint
DROP TABLE "scheduled_tasks";
