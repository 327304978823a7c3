import { useCallback, useMemo } from "react";
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from "~/lib/field-limits";
import type { FieldConstraint } from "~/lib/form-constraint";
import { loadOnce } from "~/lib/load-once";
import type * as Schemas from "./schemas";

/**
 * The account forms' rules (/auth: login, sign-up, forgot password; /profile: profile, e-mail,
 * password, reset, the current password of deletion and export) load when a form is first focused, not with the page (zod is ~7 KB compressed;
 * ADR 0033), as the contact form's do: a submission before they arrive is checked by the route
 * action, which answers the same way. Their limits, which the inputs carry as attributes from the
 * first render, are written out here; account-form-rules.test.ts checks that they are exactly what
 * the schemas give (`constraintOf`).
 */

const email = { required: true, maxLength: EMAIL_MAX };
const checkbox = { required: false };
const password = { required: true, maxLength: PASSWORD_MAX };

export const ACCOUNT_CONSTRAINTS = {
  loginSchema: { email, password },
  signupSchema: {
    username: { required: true, minLength: USERNAME_MIN, maxLength: USERNAME_MAX },
    customerType: { required: true },
    email,
    password: { required: true, minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX },
    newsletterSubscribed: checkbox,
    acceptTerms: checkbox,
    acceptPrivacy: checkbox,
  },
  forgotSchema: { email },
  acceptInvitationSchema: {
    token: { required: true },
    username: { required: true, minLength: USERNAME_MIN, maxLength: USERNAME_MAX },
    password: { required: true, minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX },
  },
  profileSchema: {
    username: { required: true, minLength: USERNAME_MIN, maxLength: USERNAME_MAX },
    customerType: { required: true },
    newsletterSubscribed: checkbox,
  },
  changeEmailSchema: { newEmail: email, currentPassword: password },
  changeEmailWithoutPasswordSchema: { newEmail: email },
  changePasswordSchema: { currentPassword: password, newPassword: password, confirmPassword: password },
  resetPasswordSchema: { token: { required: true }, newPassword: password, confirmPassword: password },
  currentPasswordSchema: { currentPassword: password },
  noFieldsSchema: {},
} satisfies Record<string, Record<string, FieldConstraint>>;

export type AccountSchemaName = keyof typeof ACCOUNT_CONSTRAINTS;
type Loaded = typeof Schemas;

let schemas: Loaded | undefined;

/** Offline, the route action validates; the next focus tries again. */
const loadSchemas = loadOnce(() => import("./schemas").then((module) => (schemas = module)));

/**
 * `useIntentForm` options for one account form (its schema, or the promise of it until it is loaded;
 * its limits now) and the `onFocus` for its <IntentForm> that loads the rules.
 */
export function useAccountFormRules<Name extends AccountSchemaName>(name: Name) {
  const schema = useCallback(
    (): Loaded[Name] | Promise<Loaded[Name]> => schemas?.[name] ?? loadSchemas().then((module) => module[name]),
    [name],
  );
  const prepare = useCallback(() => void loadSchemas().catch(() => {}), []);
  return useMemo(() => ({ options: { schema, constraint: ACCOUNT_CONSTRAINTS[name] }, prepare }), [schema, name, prepare]);
}
