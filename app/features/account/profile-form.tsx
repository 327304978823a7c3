import { useTranslation } from "~/lib/use-translation";
import { FormError, IntentForm, SubmitButton, SwitchField, TextField, useIntentForm } from "~/components/form";
import { CustomerTypeField } from "./account-fields";
import { useAccountFormRules } from "./account-form-rules";
import { NewsletterStatusNote } from "./privacy-sections";
import type { ProfileAnswer } from "./profile-actions.server";
import type { ProfileData } from "./profile.server";

/** Username, customer type and newsletter, saved with 'Save Changes'. */
export function ProfileForm({ profile }: { profile: ProfileData }) {
  const { t } = useTranslation();
  const rules = useAccountFormRules("profileSchema");
  const kit = useIntentForm<ProfileAnswer>("save", {
    id: "profile",
    ...rules.options,
    defaultValue: {
      username: profile.username,
      customerType: profile.customerType,
      // On while subscribed or waiting for the confirmation link (double opt-in).
      newsletterSubscribed: profile.newsletterStatus !== "none" ? "on" : undefined,
    },
  });
  const { form, fields, busy } = kit;
  return (
    <IntentForm kit={kit} onFocus={rules.prepare} className="grid gap-6">
      <TextField field={fields.username} id="profile-username" label={t("profile.fields.username")} autoComplete="username" />
      <CustomerTypeField field={fields.customerType} id="profile-customer-type" label={t("profile.fields.customerType")} />
      <SwitchField
        field={fields.newsletterSubscribed}
        id="profile-newsletter"
        label={t("profile.fields.newsletter")}
        description={t("profile.fields.newsletterHint")}
      />
      <NewsletterStatusNote status={profile.newsletterStatus} />
      <FormError form={form} />
      <SubmitButton busy={busy} busyLabel={t("profile.busy.saving")} className="w-full sm:w-auto sm:justify-self-start">
        {t("profile.actions.save")}
      </SubmitButton>
    </IntentForm>
  );
}
