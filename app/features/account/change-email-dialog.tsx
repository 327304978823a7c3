import { useTranslation } from "~/lib/use-translation";
import { EmailField, PasswordField } from "./account-fields";
import { ProfileFormDialog } from "./profile-form-dialog";

/**
 * 'Change Email': the new address and the current password (an account without one, Google sign-in
 * only, gives the address alone); the mail goes to the new address.
 */
export function ChangeEmailDialog({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  return (
    <ProfileFormDialog
      intent="changeEmail"
      schema={hasPassword ? "changeEmailSchema" : "changeEmailWithoutPasswordSchema"}
      trigger={t("profile.email.change")}
      title={t("profile.email.title")}
      description={t("profile.email.description")}
      submitLabel={t("profile.email.submit")}
    >
      {(fields) => (
        <>
          <EmailField field={fields.newEmail} id="new-email" label={t("profile.email.new")} />
          {hasPassword ? (
            <PasswordField field={fields.currentPassword} id="email-current-password" label={t("profile.password.current")} />
          ) : null}
        </>
      )}
    </ProfileFormDialog>
  );
}
