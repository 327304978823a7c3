import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ACCOUNT_CONSTRAINTS } from "~/features/account/account-form-rules";
import { changePasswordSchema, loginSchema, signupSchema } from "~/features/account/schemas";
import type { FieldConstraint } from "~/lib/form-constraint";
import { failedAnswer, invalidAnswer, parseForm, type FormAnswer } from "~/lib/form-submission";
import { Translator } from "~/lib/translator";
import { TranslationProvider } from "~/lib/use-translation";
import { CheckboxField, SelectField, SwitchField, TextareaField, TextField, type FieldMeta } from "./field";
import { FormError } from "./form-error";
import { useSchemaForm, type KitSchema } from "./use-schema-form";

/**
 * The kit's form hook is Conform's `useForm` with the kit's options (ADR 0053): the server renders
 * the form with it, also without JavaScript, so every answer the action can send must render as
 * Conform renders it, through the kit's fields and prop helpers: none, defaults, a refused submit
 * with field and form errors (values echoed, passwords not), a failed one, checkboxes on and off,
 * with the schema there or still to come (its limits given as `constraint`).
 * Blurs, typing and submits need a browser: tests/e2e/forms.spec.ts, form-focus.spec.ts, clicks-land.spec.ts.
 */
type Fields = Record<string, FieldMeta>;
type Options = {
  id: string;
  lastResult?: SubmissionResult<string[]>;
  constraint?: Record<string, FieldConstraint>;
  defaultValue?: Record<string, unknown>;
};

function Body({ form, fields, names }: { form: ReturnType<typeof useSchemaForm>[0]; fields: Fields; names: string[] }) {
  return (
    <form {...getFormProps(form)}>
      {names.map((name) =>
        name === "customerType" ? (
          <SelectField
            key={name}
            field={fields[name]!}
            label={name}
            options={[
              { value: "private", label: "P" },
              { value: "business", label: "B" },
            ]}
          />
        ) : /Subscribed|accept/.test(name) ? (
          name === "newsletterSubscribed" ? (
            <SwitchField key={name} field={fields[name]!} label={name} description="hint" />
          ) : (
            <CheckboxField key={name} field={fields[name]!}>
              {name}
            </CheckboxField>
          )
        ) : name === "message" ? (
          <TextareaField key={name} field={fields[name]!} label={name} />
        ) : (
          <TextField
            key={name}
            field={fields[name]!}
            label={name}
            type={/password/i.test(name) ? "password" : "text"}
            description={name === "username" ? "d" : undefined}
          />
        ),
      )}
      <FormError form={form} />
    </form>
  );
}

function WithConform({ options, names }: { options: Options; names: string[] }) {
  const [form, fields] = useForm<Record<string, unknown>>({
    ...options,
    defaultValue: options.defaultValue as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return <Body form={form as never} fields={fields as unknown as Fields} names={names} />;
}

/** The kit with the schema still to come (the promise of it, its limits as `constraint`). */
function WithKit({ options, names }: { options: Options; names: string[] }) {
  const answer = options.lastResult ? ({ intent: "x", ok: false, result: options.lastResult } as FormAnswer<object>) : undefined;
  const [form, fields] = useSchemaForm({
    id: options.id,
    schema: () => new Promise<KitSchema>(() => {}),
    answer,
    constraint: options.constraint,
    defaultValue: options.defaultValue,
  });
  return <Body form={form} fields={fields as unknown as Fields} names={names} />;
}

/** The kit with its schema there: the limits are the schema's own (`constraintOf`). */
function WithSchema({ options, names, schema }: { options: Options; names: string[]; schema: KitSchema }) {
  const answer = options.lastResult ? ({ intent: "x", ok: false, result: options.lastResult } as FormAnswer<object>) : undefined;
  const [form, fields] = useSchemaForm({ id: options.id, schema, answer, defaultValue: options.defaultValue });
  return <Body form={form} fields={fields as unknown as Fields} names={names} />;
}

function formData(entries: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

const signupNames = ["username", "customerType", "email", "password", "newsletterSubscribed", "acceptTerms", "acceptPrivacy", "message"];

const cases: [string, Options, string[]][] = [
  ["an untouched login form", { id: "login", constraint: ACCOUNT_CONSTRAINTS.loginSchema }, ["email", "password"]],
  [
    "the profile form with its defaults",
    {
      id: "profile",
      constraint: ACCOUNT_CONSTRAINTS.profileSchema,
      defaultValue: { username: "ada", customerType: "business", newsletterSubscribed: "on" },
    },
    ["username", "customerType", "newsletterSubscribed"],
  ],
  [
    "defaults that are empty, numbers or booleans",
    { id: "other", defaultValue: { username: "", customerType: undefined, newsletterSubscribed: true, acceptTerms: false, message: 3 } },
    signupNames,
  ],
  [
    "a refused sign-up (every field's problem, the typed values back, the password not)",
    {
      id: "signup",
      constraint: ACCOUNT_CONSTRAINTS.signupSchema,
      defaultValue: { customerType: "private" },
      lastResult: invalidAnswer(
        "signup",
        parseForm(
          formData({ username: "x", customerType: "business", email: "bad", password: "1", newsletterSubscribed: "on" }),
          signupSchema,
        ),
      ).result,
    },
    signupNames,
  ],
  [
    "a refused empty login",
    {
      id: "login",
      constraint: ACCOUNT_CONSTRAINTS.loginSchema,
      lastResult: invalidAnswer("login", parseForm(formData({}), loginSchema)).result,
    },
    ["email", "password"],
  ],
  [
    "a failed login (the form's own problem)",
    {
      id: "login",
      constraint: ACCOUNT_CONSTRAINTS.loginSchema,
      lastResult: failedAnswer("login", parseForm(formData({ email: "a@b.de", password: "secret12" }), loginSchema), {
        title: "auth.errors.title",
        form: "auth.errors.invalidCredentials",
        fields: { email: "auth.errors.invalidEmail" },
      }).result,
    },
    ["email", "password"],
  ],
  [
    "a refused password change (an error on the form and on a field)",
    {
      id: "changePassword",
      constraint: ACCOUNT_CONSTRAINTS.changePasswordSchema,
      lastResult: invalidAnswer(
        "changePassword",
        parseForm(formData({ currentPassword: "a", newPassword: "abcdefgh", confirmPassword: "abcdefgx" }), changePasswordSchema),
      ).result,
    },
    ["currentPassword", "newPassword", "confirmPassword"],
  ],
  [
    "an answer to a field's check (only the validated field shows its problem)",
    {
      id: "signup",
      lastResult: {
        status: "error",
        intent: { type: "validate", payload: { name: "email" } },
        initialValue: { username: "x", email: "bad" },
        error: { username: ["auth.errors.usernameMin"], email: ["auth.errors.invalidEmail"] },
        state: { validated: { email: true } },
      } as SubmissionResult<string[]>,
    },
    ["username", "email"],
  ],
];

// Without texts: every message renders as its key, on both sides of the comparison.
const translator = new Translator("en");
const render = (element: ReactElement) =>
  renderToStaticMarkup(<TranslationProvider translator={translator}>{element}</TranslationProvider>);

describe("the form kit's form hook on the server", () => {
  it.each(cases)("renders %s exactly as Conform does", (_, options, names) => {
    expect(render(<WithKit options={options} names={names} />)).toBe(render(<WithConform options={options} names={names} />));
  });

  it.each([
    ["login", loginSchema, ["email", "password"]],
    ["signup", signupSchema, signupNames.filter((name) => name !== "message")],
    ["changePassword", changePasswordSchema, ["currentPassword", "newPassword", "confirmPassword"]],
  ] as const)("gives the %s form the limits of its schema, as the constraint written out does", (id, schema, names) => {
    const constraint = ACCOUNT_CONSTRAINTS[`${id}Schema`];
    const withSchema = render(<WithSchema options={{ id }} names={[...names]} schema={schema} />);
    expect(withSchema).toBe(render(<WithConform options={{ id, constraint }} names={[...names]} />));
    expect(withSchema).toContain('maxLength="');
  });

  it("shows the answer's problems and values in the markup, as the page without JavaScript does", () => {
    const [, , , refused] = cases;
    const html = render(<WithKit options={refused![1]} names={refused![2]} />);
    expect(html).toContain('id="signup-email-error"');
    expect(html).toContain("auth.errors.invalidEmail");
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="email"[^>]*value="bad"|<input[^>]*name="email"[^>]*aria-invalid="true"/);
    expect(html).not.toContain('value="1"');
    expect(html).toContain('noValidate=""');
  });
});
