import { useCallback, useMemo } from "react";
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from "~/lib/field-limits";
import type { FieldConstraint } from "~/lib/form-constraint";
import type * as Schemas from "./schemas";

/**
 * The /auth forms' rules (login, sign-up, forgot password) load when a form is first focused, not
 * with the page (zod is ~7 KB compressed; ADR 0033), as the contact form's do: a submission before
 * they arrive is checked by the route action, which answers the same way. Their limits, which the
 * inputs carry as attributes from the first render, are written out here;
 * auth-form-rules.test.ts checks that they are exactly what the schemas give (`constraintOf`).
 */
const email = { required: true, maxLength: EMAIL_MAX };
const checkbox = { required: false };

export const AUTH_CONSTRAINTS = {
  loginSchema: { email, password: { required: true, maxLength: PASSWORD_MAX } },
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
} satisfies Record<string, Record<string, FieldConstraint>>;

type SchemaName = keyof typeof AUTH_CONSTRAINTS;
type Loaded = typeof Schemas;

let schemas: Loaded | undefined;
let loading: Promise<Loaded> | undefined;

function loadSchemas() {
  loading ??= import("./schemas").then(
    (module) => (schemas = module),
    (error: unknown) => {
      loading = undefined; // offline: the route action validates; the next focus tries again
      throw error;
    },
  );
  return loading;
}

/**
 * `useIntentForm` options for one /auth form (its schema once loaded, its limits now) and the
 * `onFocus` for its <IntentForm> that loads the rules.
 */
export function useAuthFormRules<Name extends SchemaName>(name: Name) {
  const schema = useCallback(() => schemas?.[name] as Loaded[Name] | undefined, [name]);
  const prepare = useCallback(() => void loadSchemas().catch(() => {}), []);
  return useMemo(() => ({ options: { schema, constraint: AUTH_CONSTRAINTS[name] }, prepare }), [schema, name, prepare]);
}
