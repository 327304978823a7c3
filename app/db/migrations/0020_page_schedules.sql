-- Scheduled publishes of a content page's draft (ADR 0059): at most one per page and language. The
-- pg-boss job that runs it names the row by `id`; a job whose row is gone (cancelled, replaced, the
-- draft published or discarded) does nothing.
CREATE TABLE "page_schedules" (
	"namespace" text NOT NULL,
	"language" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"scheduled_by" text NOT NULL,
	"scheduled_by_email" text NOT NULL,
	"scheduled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_schedules_pkey" PRIMARY KEY ("namespace", "language"),
	CONSTRAINT "page_schedules_id_unique" UNIQUE ("id"),
	CONSTRAINT "page_schedules_language_check" CHECK ("language" in ('en', 'de', 'es'))
);
