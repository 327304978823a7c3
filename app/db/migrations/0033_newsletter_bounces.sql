-- Bounces and complaints of newsletter mail (issue 24, ADR 0073). A bounce or complaint is an event
-- (newsletter_bounces), tied to the delivery it answers when its Message-ID or address names one; a hard
-- bounce, a complaint, or BOUNCE_SOFT_LIMIT soft bounces within the window put the address on the
-- suppression list, which every send consults. The consent itself stays as the person gave it.
CREATE TABLE "newsletter_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_suppressions_reason_check" CHECK ("reason" in ('hard_bounce', 'soft_bounces', 'complaint')),
	CONSTRAINT "newsletter_suppressions_source_check" CHECK ("source" in ('mailbox', 'webhook')),
	CONSTRAINT "newsletter_suppressions_email_check" CHECK ("email" = lower("email"))
);
--> statement-breakpoint
CREATE TABLE "newsletter_bounces" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"delivery_id" bigint REFERENCES "newsletter_deliveries"("id") ON DELETE set null,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_bounces_kind_check" CHECK ("kind" in ('hard', 'soft', 'complaint')),
	CONSTRAINT "newsletter_bounces_source_check" CHECK ("source" in ('mailbox', 'webhook'))
);
--> statement-breakpoint
CREATE INDEX "newsletter_bounces_email_idx" ON "newsletter_bounces" ("email", "received_at");
--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD COLUMN "bounce" text;
--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_bounce_check" CHECK ("bounce" is null or "bounce" in ('hard', 'soft', 'complaint'));
--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" DROP CONSTRAINT "newsletter_deliveries_state_check";
--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_state_check" CHECK ("state" in ('pending', 'sending', 'sent', 'failed', 'unsubscribed', 'suppressed'));
