import * as z from "zod/mini";
import {
  EMAIL_MAX,
  PASSWORD_MAX,
  checkboxField,
  currentPasswordField,
  customerTypeField,
  emailField,
  newPasswordField,
  requiredCheckboxField,
  usernameField,
} from "~/lib/field-schemas";

/**
 * The account forms' schemas (spec §5), built from the shared fields (app/lib/field-schemas.ts)
 * and used by the browser and the server alike. Messages are translation keys in the `auth` and
 * `profile` namespaces.
 */
export { CUSTOMER_TYPES as CUSTOMER_TYPE_VALUES } from "~/lib/field-schemas";

const email = emailField({ invalid: "auth.errors.invalidEmail", tooLong: "auth.errors.emailMax" });
const newPassword = newPasswordField({ tooShort: "auth.errors.passwordMin", tooLong: "auth.errors.passwordMax" });
const username = usernameField({
  tooShort: "auth.errors.usernameMin",
  tooLong: "auth.errors.usernameMax",
  invalid: "auth.errors.usernameInvalid",
});
const customerType = customerTypeField("auth.errors.customerType");

export const loginSchema = z.object({
  email,
  password: currentPasswordField({ required: "auth.errors.passwordRequired", tooLong: "auth.errors.passwordMax" }),
});

export const signupSchema = z.object({
  username,
  customerType,
  email,
  password: newPassword,
  newsletterSubscribed: checkboxField(),
  acceptTerms: requiredCheckboxField("auth.errors.acceptTerms"),
  acceptPrivacy: requiredCheckboxField("auth.errors.acceptPrivacy"),
});

/** The invitation page (ADR 0074): the link's token, a username and a password, by the sign-up's rules. */
export const acceptInvitationSchema = z.object({ token: z.string("auth.invitation.invalid"), username, password: newPassword });

/** Forgot password and "resend the confirmation": one address. */
export const emailOnlySchema = z.object({
  email: emailField({
    required: "auth.errors.forgotEmailRequired",
    invalid: "auth.errors.invalidEmail",
    tooLong: "auth.errors.emailMax",
  }),
});
export const forgotSchema = emailOnlySchema;

export const profileSchema = z.object({
  // Spec §5 shows no rule here; the sign-up rule holds, so a username is valid everywhere or nowhere.
  username,
  customerType,
  newsletterSubscribed: checkboxField(),
});

/**
 * 'Change Email' (spec §5): either field empty is one form-level message ('Please fill in all
 * required fields'); otherwise the new address must be valid. An account without a password
 * (Google sign-in only) is asked for the new address alone (recent-proof.server.ts decides what it proves).
 */
const newEmailField = z.pipe(z.string().check(z.trim()), z.string().check(z.maxLength(EMAIL_MAX, "auth.errors.emailMax")));

const checkNewEmail = z.superRefine((value: { newEmail: string; currentPassword?: string }, ctx) => {
  if (!value.newEmail || value.currentPassword === "") {
    ctx.issues.push({ code: "custom", message: "profile.errors.requiredFields", input: value, path: [] });
    return;
  }
  const address = email.safeParse(value.newEmail);
  if (!address.success) {
    ctx.issues.push({ code: "custom", message: address.error.issues[0]!.message, input: value, path: ["newEmail"] });
  }
});

export const changeEmailSchema = z
  .object({ newEmail: newEmailField, currentPassword: z.string().check(z.maxLength(PASSWORD_MAX, "auth.errors.passwordMax")) })
  .check(checkNewEmail);
export const changeEmailWithoutPasswordSchema = z.object({ newEmail: newEmailField }).check(checkNewEmail);

/**
 * A new password typed twice (spec §5 "Change password"): any empty field is one form-level
 * message; otherwise the new one follows the password rule and the confirmation must match.
 */
function newPasswordTwice<Shape extends { newPassword: z.ZodMiniString; confirmPassword: z.ZodMiniString }>(
  shape: Shape,
  required: (keyof Shape & string)[],
) {
  return z.object(shape).check(
    z.superRefine((value: Record<string, unknown>, ctx) => {
      if (required.some((name) => !value[name])) {
        ctx.issues.push({ code: "custom", message: "profile.errors.passwordFields", input: value, path: [] });
        return;
      }
      if (value.newPassword !== value.confirmPassword) {
        ctx.issues.push({ code: "custom", message: "profile.errors.passwordMismatch", input: value, path: ["confirmPassword"] });
      }
      const rule = newPassword.safeParse(value.newPassword);
      if (!rule.success) {
        ctx.issues.push({ code: "custom", message: rule.error.issues[0]!.message, input: value, path: ["newPassword"] });
      }
    }),
  );
}

const boundedPassword = () => z.string().check(z.maxLength(PASSWORD_MAX, "auth.errors.passwordMax"));

export const changePasswordSchema = newPasswordTwice(
  { currentPassword: boundedPassword(), newPassword: boundedPassword(), confirmPassword: boundedPassword() },
  ["currentPassword", "newPassword", "confirmPassword"],
);

export const resetPasswordSchema = newPasswordTwice(
  {
    token: z.string().check(z.minLength(1, "profile.errors.resetInvalid")),
    newPassword: boundedPassword(),
    confirmPassword: boundedPassword(),
  },
  ["newPassword", "confirmPassword"],
);

/**
 * Proof of presence on the forms that have no other field (delete account, data export): the current
 * password, for accounts that have one (recent-proof.server.ts decides on the server).
 */
export const currentPasswordSchema = z.object({
  currentPassword: currentPasswordField({ required: "profile.errors.currentPasswordRequired", tooLong: "auth.errors.passwordMax" }),
});
/** The same forms for an account without a password: nothing to type (a recent sign-in is the proof). */
export const noFieldsSchema = z.object({});

export { AVATAR_MAX_BYTES } from "~/lib/field-limits";

/** The translation key of the first problem (spec §8 "shows the first message"), or undefined when valid. */
export function firstError(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  if (result.success) return undefined;
  const message = result.error?.issues[0]?.message ?? "";
  // Zod's own messages (a missing field in a forged request) are not shown as they are.
  return /^(auth|profile)\.[A-Za-z.]+$/.test(message) ? message : "auth.errors.generic";
}
