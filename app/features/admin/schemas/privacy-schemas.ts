// zod/mini: the same rules in the browser and on the server (the console's retention form).
import * as z from "zod/mini";
import { RETENTION_SETTINGS, type RetentionKey } from "~/features/privacy/retention-limits";
import { emailField } from "~/lib/field-schemas";

/**
 * The retention form: one field per period, a whole number within its bounds, or empty for the
 * default (the RETENTION_* variable or the built-in value). Messages are translation keys.
 */
function periodField(min: number, max: number) {
  return z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(6, "admin.retention.errors.range"))),
    z.pipe(
      z.transform((value: string | undefined) => (value === undefined || value === "" ? undefined : Number(value))),
      z.optional(
        z
          .number("admin.retention.errors.whole")
          .check(
            z.int("admin.retention.errors.whole"),
            z.gte(min, "admin.retention.errors.range"),
            z.lte(max, "admin.retention.errors.range"),
          ),
      ),
    ),
  );
}

export const retentionSchema = z.object(
  Object.fromEntries(RETENTION_SETTINGS.map((setting) => [setting.key, periodField(setting.min, setting.max)])) as Record<
    RetentionKey,
    ReturnType<typeof periodField>
  >,
);

/** A data request (ADR 0084): the address it is about, in the lookup (a GET query) and the erasure form. */
export const dataRequestSchema = z.object({
  email: emailField({
    required: "admin.dataRequests.errors.emailRequired",
    invalid: "admin.dataRequests.errors.email",
    tooLong: "admin.dataRequests.errors.email",
  }),
});
