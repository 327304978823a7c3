-- Backups from the console (ADR 0071): a backup file pruned by "keep N" keeps its row (removed_at), and a
-- restore drill is a run of its own naming the backup it restored.
ALTER TABLE "backup_runs" ADD COLUMN "removed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "backup_runs" ADD COLUMN "backup_id" bigint REFERENCES "backup_runs"("id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "backup_runs" DROP CONSTRAINT "backup_runs_kind_check";
--> statement-breakpoint
ALTER TABLE "backup_runs" ADD CONSTRAINT "backup_runs_kind_check" CHECK ("kind" in ('backup', 'restore', 'drill'));
--> statement-breakpoint
CREATE INDEX "backup_runs_backup_idx" ON "backup_runs" USING btree ("backup_id");
