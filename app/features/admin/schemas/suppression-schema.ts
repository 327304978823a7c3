import * as z from "zod/mini";

/** "Lift" on the console's suppression list (ADR 0073): the address the row names. */
export const liftSuppressionSchema = z.object({
  email: z
    .string("admin.newsletter.suppressions.errors.email")
    .check(
      z.trim(),
      z.minLength(3, "admin.newsletter.suppressions.errors.email"),
      z.maxLength(320, "admin.newsletter.suppressions.errors.email"),
    ),
});
