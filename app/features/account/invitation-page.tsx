import { useLoaderData } from "react-router";
import { useTranslation } from "~/lib/use-translation";
import { FormError, IntentForm, SubmitButton, TextField, useIntentForm } from "~/components/form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { PasswordField } from "./account-fields";
import { useAccountFormRules } from "./account-form-rules";
import type { InvitationAnswer } from "./invitation.server";

interface InvitationData {
  token: string | null;
  email: string | null;
  role: "admin" | "editor" | null;
}

/** /invitation: the invited address and role, a name and a password; or why the link no longer works. */
export function InvitationPage() {
  const { t } = useTranslation();
  const { token, email, role } = useLoaderData() as InvitationData;
  const rules = useAccountFormRules("acceptInvitationSchema");
  const kit = useIntentForm<InvitationAnswer>("accept", { id: "invitation", ...rules.options });
  const { form, fields, busy } = kit;
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col px-4 py-12 sm:py-16">
      <Card>
        <CardHeader>
          <CardTitle>{t("auth.invitation.title")}</CardTitle>
          {token && email && role ? (
            <CardDescription>{t("auth.invitation.description", { email, role: t(`auth.invitation.roles.${role}`) })}</CardDescription>
          ) : null}
        </CardHeader>
        <CardContent>
          {token ? (
            <IntentForm kit={kit} onFocus={rules.prepare} className="grid gap-4">
              <input type="hidden" name="token" value={token} />
              <TextField field={fields.username} id="invitation-username" label={t("auth.fields.username")} autoComplete="username" />
              <PasswordField field={fields.password} id="invitation-password" label={t("auth.fields.password")} isNew />
              <p className="text-sm text-muted-foreground">{t("auth.invitation.secondFactor")}</p>
              <FormError form={form} />
              <SubmitButton busy={busy} busyLabel={t("auth.busy.signup")} className="w-full">
                {t("auth.invitation.submit")}
              </SubmitButton>
            </IntentForm>
          ) : (
            <p role="alert" className="text-sm text-destructive" data-testid="invitation-invalid">
              {t("auth.invitation.invalid")}
            </p>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
