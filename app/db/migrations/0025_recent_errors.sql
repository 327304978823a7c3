-- The system view (ADR 0065): the last errors of every server process, for the console's System page.
-- A message's first line only, addresses masked; the stack stays in the process's log under the same request id.
CREATE TABLE "recent_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_id" text,
	"process" text NOT NULL,
	"message" text NOT NULL
);
