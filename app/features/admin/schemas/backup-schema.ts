// zod/mini: the same rules in the browser and on the server (the console's backup schedule form).
import * as z from "zod/mini";

export const BACKUP_KEEP_MAX = 90;

/** A whole number from the form's text, within bounds; messages are translation keys. */
function wholeNumber(min: number, max: number, message: string) {
  return z.pipe(
    z.string(message).check(z.trim(), z.minLength(1, message), z.maxLength(4, message)),
    z.pipe(
      z.transform((value: string) => Number(value)),
      z.number(message).check(z.int(message), z.gte(min, message), z.lte(max, message)),
    ),
  );
}

/** "Back up every day at HH:00 (Berlin time), keep N": the backups page's schedule form (ADR 0071). */
export const backupScheduleSchema = z.object({
  daily: z.pipe(
    z.optional(z.string()),
    z.transform((value) => value === "on" || value === "true"),
  ),
  hour: wholeNumber(0, 23, "admin.backups.errors.hour"),
  keep: wholeNumber(1, BACKUP_KEEP_MAX, "admin.backups.errors.keep"),
});

/** The drill button of one backup (its id). */
export const backupTargetSchema = z.object({
  id: z.string("admin.errors.badRequest").check(z.regex(/^[1-9][0-9]{0,17}$/, "admin.errors.badRequest")),
});
