-- Backups and restores (ADR 0064): what the console's system page and the backup list show.
CREATE TABLE "backup_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"location" text,
	"size_bytes" bigint,
	"tables" integer,
	"rows" bigint,
	"files" integer,
	"file_bytes" bigint,
	"encrypted" boolean,
	"error" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_runs_kind_check" CHECK ("kind" in ('backup', 'restore'))
);
--> statement-breakpoint
CREATE INDEX "backup_runs_kind_finished_idx" ON "backup_runs" USING btree ("kind", "finished_at" DESC);
