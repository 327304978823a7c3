import { useTranslation } from "~/lib/use-translation";
import { FormError, IntentForm, SubmitButton, useIntentForm } from "~/components/form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { PasswordField } from "./account-fields";
import { useAccountFormRules } from "./account-form-rules";
import type { ProfileAnswer } from "./profile-actions.server";

/** The password-reset mail's link lands on /profile?token=…: set a new password, then log in. */
export function ResetPasswordCard({ token, invalid }: { token: string | null; invalid: boolean }) {
  const { t } = useTranslation();
  const rules = useAccountFormRules("resetPasswordSchema");
  const kit = useIntentForm<ProfileAnswer>("resetPassword", { id: "reset", ...rules.options });
  const { form, fields, answer, busy } = kit;
  const linkBroken = invalid || !token;
  return (
    <Card className="mb-8">
      <CardHeader>
        <CardTitle>{t("profile.reset.title")}</CardTitle>
        <CardDescription>{t("profile.reset.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {answer?.ok ? (
          <p role="status" className="text-sm text-primary">
            {t("profile.toast.passwordReset")}
          </p>
        ) : (
          <IntentForm kit={kit} onFocus={rules.prepare} className="grid gap-4">
            <input type="hidden" name="token" value={token ?? ""} />
            <PasswordField field={fields.newPassword} id="reset-new" label={t("profile.password.new")} isNew />
            <PasswordField field={fields.confirmPassword} id="reset-confirm" label={t("profile.password.confirm")} isNew />
            {linkBroken && !form.errors ? (
              <p role="alert" className="text-sm text-destructive">
                {t("profile.errors.resetInvalid")}
              </p>
            ) : null}
            <FormError form={form} />
            <SubmitButton busy={busy} busyLabel={t("profile.busy.updating")} disabled={linkBroken}>
              {t("profile.reset.submit")}
            </SubmitButton>
          </IntentForm>
        )}
      </CardContent>
    </Card>
  );
}
