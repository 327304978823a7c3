import { Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { TextField } from "~/components/form";
import { ProfileFormDialog } from "./profile-form-dialog";
import { changePasswordSchema } from "./schemas";

/** 'Change Password': current, new and confirmation (spec §5). */
export function ChangePasswordDialog() {
  const { t } = useTranslation();
  return (
    <ProfileFormDialog
      intent="changePassword"
      schema={changePasswordSchema}
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
          <TextField
            field={fields.currentPassword}
            id="current-password"
            type="password"
            label={t("profile.password.current")}
            autoComplete="current-password"
          />
          <TextField field={fields.newPassword} id="new-password" type="password" label={t("profile.password.new")} autoComplete="new-password" />
          <TextField
            field={fields.confirmPassword}
            id="confirm-password"
            type="password"
            label={t("profile.password.confirm")}
            autoComplete="new-password"
          />
        </>
      )}
    </ProfileFormDialog>
  );
}
