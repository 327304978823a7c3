import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  CheckboxField,
  FormError,
  getFormProps,
  HydratedInput,
  SelectField,
  SubmitButton,
  TextField,
  useFormAnswer,
  useIntentFetcher,
  useSchemaForm,
} from "~/components/form";
import type { AuthAnswer } from "./auth-actions.server";
import { CUSTOMER_TYPE_VALUES, signupSchema } from "./schemas";

const linkClass = "text-primary underline underline-offset-4";

/** Sign up (spec §2): every problem shows under its field at once; success goes to `/`. */
export function SignupForm() {
  const { t } = useTranslation();
  const { fetcher, answer, busy } = useIntentFetcher<AuthAnswer>("signup");
  const [form, fields] = useSchemaForm({
    id: "signup",
    schema: signupSchema,
    answer,
    defaultValue: { customerType: "private" },
  });
  useFormAnswer(answer);
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="signup" />
      <HydratedInput />
      <TextField
        field={fields.username}
        id="signup-username"
        label={t("auth.fields.username")}
        autoComplete="username"
        placeholder={t("auth.placeholders.username")}
      />
      <SelectField
        field={fields.customerType}
        id="signup-customer-type"
        label={t("auth.fields.customerType")}
        options={CUSTOMER_TYPE_VALUES.map((value) => ({ value, label: t(`auth.customerTypes.${value}`) }))}
      />
      <TextField
        field={fields.email}
        id="signup-email"
        type="email"
        label={t("auth.fields.email")}
        autoComplete="email"
        placeholder={t("auth.placeholders.email")}
      />
      <TextField
        field={fields.password}
        id="signup-password"
        type="password"
        label={t("auth.fields.password")}
        autoComplete="new-password"
        placeholder={t("auth.placeholders.newPassword")}
      />
      <CheckboxField field={fields.newsletterSubscribed} id="signup-newsletter">
        {t("auth.fields.newsletter")}
      </CheckboxField>
      <CheckboxField field={fields.acceptTerms} id="signup-terms">
        {t("auth.fields.acceptTermsPrefix")}{" "}
        <Link to="/terms" target="_blank" rel="noopener" className={linkClass}>
          {t("auth.fields.terms")}
        </Link>
      </CheckboxField>
      <CheckboxField field={fields.acceptPrivacy} id="signup-privacy">
        {t("auth.fields.acceptPrivacyPrefix")}{" "}
        <Link to="/privacy" target="_blank" rel="noopener" className={linkClass}>
          {t("auth.fields.privacy")}
        </Link>
      </CheckboxField>
      <FormError form={form} />
      {answer?.ok && !answer.toast ? (
        // Until `/` shows its lasting notice (the page is on its way there).
        <div role="status" className="rounded-md border border-primary/40 bg-primary/10 px-3 py-2 text-sm">
          <p className="font-semibold">{t("common.accountNotice.createdTitle")}</p>
          <p className="text-muted-foreground">{t("common.accountNotice.checkInbox")}</p>
        </div>
      ) : null}
      <SubmitButton busy={busy} busyLabel={t("auth.busy.signup")} className="w-full">
        {t("auth.actions.signup")}
      </SubmitButton>
    </fetcher.Form>
  );
}
