import { z } from "zod";
import { hasControlCharacters, USERNAME_MAX, USERNAME_MIN } from "./username";

// No `new Function` (zod's JIT probes it): the Content-Security-Policy forbids eval (ADR 0014).
z.config({ jitless: true });

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

/** 3–50 characters, no control characters (username.ts), on the sign-up and the profile form. */
const usernameField = z
  .string()
  .trim()
  .min(USERNAME_MIN, "auth.errors.usernameMin")
  .max(USERNAME_MAX, "auth.errors.usernameMax")
  .refine((value) => !hasControlCharacters(value), "auth.errors.usernameInvalid");

export const signupSchema = z.object({
  username: usernameField,
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
  username: usernameField,
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

export const changePasswordSchema = z
  .object({
    currentPassword: z.string(),
    newPassword: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => {
    if (!value.currentPassword || !value.newPassword || !value.confirmPassword) {
      ctx.addIssue({ code: "custom", message: "profile.errors.passwordFields" });
    } else if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", message: "profile.errors.passwordMismatch" });
    } else if (value.newPassword.length < 8) {
      ctx.addIssue({ code: "custom", message: "profile.errors.passwordMin" });
    } else if (value.newPassword.length > 128) {
      ctx.addIssue({ code: "custom", message: "auth.errors.passwordMax" });
    }
  });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, "profile.errors.resetInvalid"),
    newPassword: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => {
    if (!value.newPassword || !value.confirmPassword) {
      ctx.addIssue({ code: "custom", message: "profile.errors.passwordFields" });
    } else if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", message: "profile.errors.passwordMismatch" });
    } else if (value.newPassword.length < 8) {
      ctx.addIssue({ code: "custom", message: "profile.errors.passwordMin" });
    } else if (value.newPassword.length > 128) {
      ctx.addIssue({ code: "custom", message: "auth.errors.passwordMax" });
    }
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
