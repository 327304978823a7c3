import { useActionData } from "react-router";
import { useTranslation } from "~/lib/use-translation";
import { FormError, IntentForm, SubmitButton, useIntentForm } from "~/components/form";
import { EmailField, PasswordField } from "./account-fields";
import { ReturnToInput } from "./return-to-input";
import type { AuthAnswer } from "./auth-actions.server";
import { ResendConfirmation } from "./resend-confirmation";
import { useAccountFormRules } from "./account-form-rules";

/** Login: e-mail and password; an unconfirmed address gets the resend button under the form. */
export function LoginForm() {
  const { t } = useTranslation();
  const rules = useAccountFormRules("loginSchema");
  const kit = useIntentForm<AuthAnswer>("login", rules.options);
  const { form, fields, answer, busy } = kit;
  // Without JavaScript a resend posts the page: its answer keeps the box (and says what happened) in place.
  const posted = useActionData() as AuthAnswer | undefined;
  const unverifiedEmail = answer?.ok === false ? answer.unverifiedEmail : posted?.intent === "resend" ? posted.unverifiedEmail : undefined;
  return (
    <>
      <IntentForm kit={kit} onFocus={rules.prepare} className="grid gap-4">
        <ReturnToInput />
        <EmailField field={fields.email} id="login-email" />
        <PasswordField
          field={fields.password}
          id="login-password"
          label={t("auth.fields.password")}
          placeholder={t("auth.placeholders.password")}
        />
        <FormError form={form} />
        <SubmitButton busy={busy} busyLabel={t("auth.busy.login")} className="w-full">
          {t("auth.actions.login")}
        </SubmitButton>
      </IntentForm>
      {unverifiedEmail ? (
        <ResendConfirmation email={unverifiedEmail} className="mt-3 rounded-md border border-border p-3">
          <p className="text-muted-foreground">{t("auth.notVerified.hint", { email: unverifiedEmail })}</p>
        </ResendConfirmation>
      ) : null}
    </>
  );
}
