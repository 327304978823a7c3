-- Analytics without tracking (issue 25, ADR 0068). Nothing here names a person: no address, no user
-- agent, no account. A visitor is a hash that changes every day with a salt that is then deleted.

-- The salt of the current UTC day; rotated (a new row, older ones deleted) when the day changes.
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" bytea NOT NULL
);
--> statement-breakpoint
-- One row per counted request, written once a second by each server process; deleted by retention.
CREATE TABLE "analytics_events" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"browser_language" text DEFAULT '' NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"visitor" bytea NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"filters" text DEFAULT '' NOT NULL,
	"results" integer,
	"item_id" uuid,
	CONSTRAINT "analytics_events_kind_check" CHECK ("kind" in ('view', 'not_found', 'search', 'preview', 'gated_download'))
);
--> statement-breakpoint
CREATE INDEX "analytics_events_day_idx" ON "analytics_events" USING btree ("day");
--> statement-breakpoint
-- Daily sums by dimension (page, language, referrer, ...): what the console reads, kept for years.
CREATE TABLE "analytics_daily" (
	"dimension" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	"zero_results" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_pkey" PRIMARY KEY("dimension","day","key","detail")
);
--> statement-breakpoint
-- Which days the roll-up has summed; a final day (ended over an hour before) is not summed again.
CREATE TABLE "analytics_rollups" (
	"day" date PRIMARY KEY NOT NULL,
	"final" boolean NOT NULL,
	"rolled_up_at" timestamp with time zone DEFAULT now() NOT NULL
);
