import Lock from "lucide-react/icons/lock";
import { useTranslation } from "~/lib/use-translation";
import { PasswordField } from "./account-fields";
import { ProfileFormDialog } from "./profile-form-dialog";

/** 'Change Password': current, new and confirmation (spec §5). */
export function ChangePasswordDialog() {
  const { t } = useTranslation();
  return (
    <ProfileFormDialog
      intent="changePassword"
      schema="changePasswordSchema"
      trigger={
        <>
          <Lock aria-hidden />
          {t("profile.password.change")}
        </>
      }
      title={t("profile.password.title")}
      description={t("profile.password.description")}
      submitLabel={t("profile.password.submit")}
    >
      {(fields) => (
        <>
          <PasswordField field={fields.currentPassword} id="current-password" label={t("profile.password.current")} />
          <PasswordField field={fields.newPassword} id="new-password" label={t("profile.password.new")} isNew />
          <PasswordField field={fields.confirmPassword} id="confirm-password" label={t("profile.password.confirm")} isNew />
        </>
      )}
    </ProfileFormDialog>
  );
}
