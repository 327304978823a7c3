import { useTranslation } from "react-i18next";
import {
  FormError,
  getFormProps,
  HydratedInput,
  SubmitButton,
  TextField,
  useFormAnswer,
  useIntentFetcher,
  useSchemaForm,
} from "~/components/form";
import type { AuthAnswer } from "./auth-actions.server";
import { ResendConfirmation } from "./resend-confirmation";
import { loginSchema } from "./schemas";

/** Login: e-mail and password; an unconfirmed address gets the resend button under the form. */
export function LoginForm() {
  const { t } = useTranslation();
  const { fetcher, answer, busy } = useIntentFetcher<AuthAnswer>("login");
  const [form, fields] = useSchemaForm({ id: "login", schema: loginSchema, answer });
  useFormAnswer(answer);
  const unverifiedEmail = answer?.ok === false ? answer.unverifiedEmail : undefined;
  return (
    <>
      <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="intent" value="login" />
        <HydratedInput />
        <TextField
          field={fields.email}
          id="login-email"
          type="email"
          label={t("auth.fields.email")}
          autoComplete="email"
          placeholder={t("auth.placeholders.email")}
        />
        <TextField
          field={fields.password}
          id="login-password"
          type="password"
          label={t("auth.fields.password")}
          autoComplete="current-password"
          placeholder={t("auth.placeholders.password")}
        />
        <FormError form={form} />
        <SubmitButton busy={busy} busyLabel={t("auth.busy.login")} className="w-full">
          {t("auth.actions.login")}
        </SubmitButton>
      </fetcher.Form>
      {unverifiedEmail ? (
        <ResendConfirmation email={unverifiedEmail} className="mt-3 rounded-md border border-border p-3">
          <p className="text-muted-foreground">{t("auth.notVerified.hint", { email: unverifiedEmail })}</p>
        </ResendConfirmation>
      ) : null}
    </>
  );
}
