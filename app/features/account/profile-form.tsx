import { useTranslation } from "react-i18next";
import {
  FormError,
  getFormProps,
  SelectField,
  SubmitButton,
  SwitchField,
  TextField,
  useFormAnswer,
  useIntentFetcher,
  useSchemaForm,
} from "~/components/form";
import { NewsletterStatusNote } from "./privacy-sections";
import type { ProfileAnswer } from "./profile-actions.server";
import type { ProfileData } from "./profile.server";
import { CUSTOMER_TYPE_VALUES, profileSchema } from "./schemas";

/** Username, customer type and newsletter, saved with 'Save Changes'. */
export function ProfileForm({ profile }: { profile: ProfileData }) {
  const { t } = useTranslation();
  const { fetcher, answer, busy } = useIntentFetcher<ProfileAnswer>("save");
  const [form, fields] = useSchemaForm({
    id: "profile",
    schema: profileSchema,
    answer,
    defaultValue: {
      username: profile.username,
      customerType: profile.customerType,
      // On while subscribed or waiting for the confirmation link (double opt-in).
      newsletterSubscribed: profile.newsletterStatus !== "none" ? "on" : undefined,
    },
  });
  useFormAnswer(answer);
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-6">
      <input type="hidden" name="intent" value="save" />
      <TextField field={fields.username} id="profile-username" label={t("profile.fields.username")} autoComplete="username" />
      <SelectField
        field={fields.customerType}
        id="profile-customer-type"
        label={t("profile.fields.customerType")}
        options={CUSTOMER_TYPE_VALUES.map((value) => ({ value, label: t(`auth.customerTypes.${value}`) }))}
      />
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
    </fetcher.Form>
  );
}
