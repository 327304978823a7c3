import { backupRunById, queueBackupNow, queueDrill, readBackupSettings, storeBackupSettings } from "~/features/backup/console.server";
import type { Outcome } from "./action.server";
import { handleForm, runConsoleIntent, targetOf } from "./action.server";
import { recordAudit } from "./audit.server";
import type { ConsoleActor } from "./guard.server";
import { buttonSchema } from "./schemas/console-schemas";
import { backupScheduleSchema, backupTargetSchema } from "./schemas/backup-schema";

/** /admin/backups (admins; the route checks): back up now, the daily schedule, a restore drill of one backup (ADR 0071). */
export function backupsAction(request: Request, actor: ConsoleActor) {
  return runConsoleIntent(request, actor, {
    backupNow: (context) => handleForm(context, buttonSchema, () => backupNow(actor)),
    schedule: (context) => handleForm(context, backupScheduleSchema, (value) => saveSchedule(actor, value), { keepValues: true }),
    drill: (context) => handleForm(context, backupTargetSchema, ({ id }) => drill(actor, Number(id)), { target: targetOf(context.form) }),
  });
}

async function backupNow(actor: ConsoleActor): Promise<Outcome> {
  await queueBackupNow();
  await recordAudit(actor, { action: "backup.start", entity: "backup", summary: "Back up now" });
  return { ok: true, message: "admin.backups.started" };
}

async function saveSchedule(actor: ConsoleActor, value: { daily: boolean; hour: number; keep: number }): Promise<Outcome> {
  const before = await readBackupSettings();
  await storeBackupSettings(value, actor.id);
  await recordAudit(actor, { action: "backup.schedule", entity: "backup", summary: "Schedule", before, after: value });
  return { ok: true, message: "admin.backups.scheduleSaved" };
}

async function drill(actor: ConsoleActor, id: number): Promise<Outcome> {
  const backup = await backupRunById(id);
  if (!backup || backup.kind !== "backup") return { ok: false, status: 404, error: "admin.backups.errors.notFound" };
  if (backup.error || backup.removedAt) return { ok: false, status: 409, error: "admin.backups.errors.noFile" };
  await queueDrill(id, actor);
  return { ok: true, message: "admin.backups.drillStarted" };
}
