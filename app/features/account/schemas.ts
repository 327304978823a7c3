import { z } from "zod";

/**
 * One schema per form, shared by the browser and the server (spec §5). Messages are
 * translation keys in the `auth` / `profile` namespaces; `firstError` turns a failed parse into
 * the key of the first issue (the UI shows the first message).
 */
export const CUSTOMER_TYPE_VALUES = ["private", "business"] as const;

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal(true), z.literal(""), z.literal(false), z.null()])
  .optional()
  .transform((value) => value === "on" || value === "true" || value === true);

export const loginSchema = z.object({
  email: z.string().trim().pipe(z.email({ message: "auth.errors.invalidEmail" })),
  password: z.string().min(1, "auth.errors.passwordRequired"),
});

export const signupSchema = z.object({
  username: z
    .string()
    .trim()
    .min(3, "auth.errors.usernameMin")
    .max(50, "auth.errors.usernameMax"),
  email: z
    .string()
    .trim()
    .pipe(z.email({ message: "auth.errors.invalidEmail" }).max(255, "auth.errors.emailMax")),
  password: z.string().min(8, "auth.errors.passwordMin").max(128, "auth.errors.passwordMax"),
  customerType: z.enum(CUSTOMER_TYPE_VALUES, { message: "auth.errors.customerType" }),
  newsletterSubscribed: checkbox,
  acceptTerms: checkbox.refine((value) => value, "auth.errors.acceptTerms"),
  acceptPrivacy: checkbox.refine((value) => value, "auth.errors.acceptPrivacy"),
});

export const forgotSchema = z.object({
  email: z.string().trim().min(1, "auth.errors.forgotEmailRequired").pipe(z.email({ message: "auth.errors.invalidEmail" })),
});

export const profileSchema = z.object({
  username: z.string().trim().max(50, "auth.errors.usernameMax"),
  customerType: z.enum(CUSTOMER_TYPE_VALUES, { message: "auth.errors.customerType" }),
  newsletterSubscribed: checkbox,
});

export const changeEmailSchema = z.object({
  newEmail: z
    .string()
    .trim()
    .min(1, "profile.errors.requiredFields")
    .pipe(z.email({ message: "auth.errors.invalidEmail" }).max(255, "auth.errors.emailMax")),
  currentPassword: z.string().min(1, "profile.errors.requiredFields"),
});

/**
 * The one message for a new password typed twice, checked in this order: a required field empty, the two
 * not matching, then too short or too long.
 */
function newPasswordProblem(value: { newPassword: string; confirmPassword: string }, required: string[]) {
  if (required.some((field) => !field)) return "profile.errors.passwordFields";
  if (value.newPassword !== value.confirmPassword) return "profile.errors.passwordMismatch";
  if (value.newPassword.length < 8) return "profile.errors.passwordMin";
  if (value.newPassword.length > 128) return "auth.errors.passwordMax";
  return undefined;
}

export const changePasswordSchema = z
  .object({
    currentPassword: z.string(),
    newPassword: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => {
    const problem = newPasswordProblem(value, [value.currentPassword, value.newPassword, value.confirmPassword]);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, "profile.errors.resetInvalid"),
    newPassword: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => {
    const problem = newPasswordProblem(value, [value.newPassword, value.confirmPassword]);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** The translation key of the first issue, or undefined when the data is valid. */
export function firstError(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  if (result.success) return undefined;
  const message = result.error?.issues[0]?.message ?? "";
  // Zod's own messages (a missing field in a forged request) are not shown as they are.
  return /^(auth|profile)\.[A-Za-z.]+$/.test(message) ? message : "auth.errors.generic";
}

/** FormData to a plain object (strings only; repeated names keep the last value). */
export function formObject(form: FormData): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") result[key] = value;
  return result;
}
