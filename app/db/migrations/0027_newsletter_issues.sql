-- Newsletter issues and their sending (issue 24, ADR 0067): an issue has a version per language (subject,
-- preheader, rich-text body); a send snapshots its recipients into newsletter_deliveries, one row per
-- recipient, and works through them with a per-row state (ADR 0067 for the exact guarantee).
CREATE TABLE "newsletter_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"missing_language" text DEFAULT 'skip' NOT NULL,
	"segment_languages" text[],
	"segment_customer_type" text,
	"send_at" timestamp with time zone,
	"send_requested_by" text,
	"snapshot_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_issues_slug_unique" UNIQUE("slug"),
	CONSTRAINT "newsletter_issues_status_check" CHECK ("status" in ('draft', 'scheduled', 'sending', 'sent')),
	CONSTRAINT "newsletter_issues_missing_language_check" CHECK ("missing_language" in ('skip', 'default')),
	CONSTRAINT "newsletter_issues_customer_type_check" CHECK ("segment_customer_type" is null or "segment_customer_type" in ('private', 'business'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_issue_versions" (
	"issue_id" uuid NOT NULL REFERENCES "newsletter_issues"("id") ON DELETE cascade,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"preheader" text DEFAULT '' NOT NULL,
	"body" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_issue_versions_pkey" PRIMARY KEY("issue_id","language"),
	CONSTRAINT "newsletter_issue_versions_language_check" CHECK ("language" in ('en', 'de', 'es'))
);
--> statement-breakpoint
-- One row per recipient of a send. `claimed_pid`/`claimed_backend_start` name the PostgreSQL session
-- of the process sending the row: while that session lives, the row is its; once it is gone (the
-- process died) a 'sending' row is taken again.
CREATE TABLE "newsletter_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"issue_id" uuid NOT NULL REFERENCES "newsletter_issues"("id") ON DELETE cascade,
	"consent_id" uuid NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"consent_language" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_pid" integer,
	"claimed_backend_start" timestamp with time zone,
	"error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "newsletter_deliveries_issue_consent_unique" UNIQUE("issue_id","consent_id"),
	CONSTRAINT "newsletter_deliveries_state_check" CHECK ("state" in ('pending', 'sending', 'sent', 'failed', 'unsubscribed'))
);
--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_open_idx" ON "newsletter_deliveries" ("issue_id", "id") WHERE "state" in ('pending', 'sending');
