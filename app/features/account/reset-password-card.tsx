import { useTranslation } from "react-i18next";
import {
  FormError,
  getFormProps,
  SubmitButton,
  TextField,
  useFormAnswer,
  useIntentFetcher,
  useSchemaForm,
} from "~/components/form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ProfileAnswer } from "./profile-actions.server";
import { resetPasswordSchema } from "./schemas";

/** The password-reset mail's link lands on /profile?token=…: set a new password, then log in. */
export function ResetPasswordCard({ token, invalid }: { token: string | null; invalid: boolean }) {
  const { t } = useTranslation();
  const { fetcher, answer, busy } = useIntentFetcher<ProfileAnswer>("resetPassword");
  const [form, fields] = useSchemaForm({ id: "reset", schema: resetPasswordSchema, answer });
  useFormAnswer(answer);
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
          <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
            <input type="hidden" name="intent" value="resetPassword" />
            <input type="hidden" name="token" value={token ?? ""} />
            <TextField field={fields.newPassword} id="reset-new" type="password" label={t("profile.password.new")} autoComplete="new-password" />
            <TextField
              field={fields.confirmPassword}
              id="reset-confirm"
              type="password"
              label={t("profile.password.confirm")}
              autoComplete="new-password"
            />
            {linkBroken && !form.errors ? (
              <p role="alert" className="text-sm text-destructive">
                {t("profile.errors.resetInvalid")}
              </p>
            ) : null}
            <FormError form={form} />
            <SubmitButton busy={busy} busyLabel={t("profile.busy.updating")} disabled={linkBroken}>
              {t("profile.reset.submit")}
            </SubmitButton>
          </fetcher.Form>
        )}
      </CardContent>
    </Card>
  );
}
