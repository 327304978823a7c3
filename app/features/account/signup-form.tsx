import { useTranslation } from "~/lib/use-translation";
import { CheckboxField, FormError, IntentForm, SubmitButton, TextField, useIntentForm } from "~/components/form";
import { ConsentCheckbox, CustomerTypeField, EmailField, PasswordField } from "./account-fields";
import { ReturnToInput } from "./return-to-input";
import type { AuthAnswer } from "./auth-actions.server";
import { useAccountFormRules } from "./account-form-rules";

/**
 * Sign up (spec §2): every problem shows under its field at once; success toasts 'Account created
 * successfully!' and goes to `/` (or back to the gated download), where the shell's notice lasts.
 */
export function SignupForm() {
  const { t } = useTranslation();
  const rules = useAccountFormRules("signupSchema");
  const kit = useIntentForm<AuthAnswer>("signup", { ...rules.options, defaultValue: { customerType: "private" } });
  const { form, fields, busy } = kit;
  return (
    <IntentForm kit={kit} onFocus={rules.prepare} className="grid gap-4">
      <ReturnToInput />
      <TextField
        field={fields.username}
        id="signup-username"
        label={t("auth.fields.username")}
        autoComplete="username"
        placeholder={t("auth.placeholders.username")}
      />
      <CustomerTypeField field={fields.customerType} id="signup-customer-type" label={t("auth.fields.customerType")} />
      <EmailField field={fields.email} id="signup-email" />
      <PasswordField
        field={fields.password}
        id="signup-password"
        label={t("auth.fields.password")}
        placeholder={t("auth.placeholders.newPassword")}
        isNew
      />
      <CheckboxField field={fields.newsletterSubscribed} id="signup-newsletter">
        {t("auth.fields.newsletter")}
      </CheckboxField>
      <ConsentCheckbox field={fields.acceptTerms} id="signup-terms" to="/terms" label={t("auth.fields.terms")} />
      <ConsentCheckbox field={fields.acceptPrivacy} id="signup-privacy" to="/privacy" label={t("auth.fields.privacy")} />
      <FormError form={form} />
      <SubmitButton busy={busy} busyLabel={t("auth.busy.signup")} className="w-full">
        {t("auth.actions.signup")}
      </SubmitButton>
    </IntentForm>
  );
}
