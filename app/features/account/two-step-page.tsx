import { useTranslation } from "~/lib/use-translation";
import { useLoaderData, useSearchParams } from "react-router";
import { FormError, IntentForm, SubmitButton, TextField, useIntentForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { FormAnswer } from "~/lib/form-submission";
import { ReturnToInput } from "./return-to-input";
import { codeSchema } from "./two-step-schemas";
import { usePasskey } from "./use-passkey";

/**
 * The second step of a sign-in (`mode="signIn"`) and "Confirm it's you" (`mode="confirm"`):
 * a code from the authenticator app or a recovery code, or a passkey (ADR 0044).
 */
export function TwoStepPage({ mode }: { mode: "signIn" | "confirm" }) {
  const { t } = useTranslation();
  const data = useLoaderData<{ pending?: boolean; totp?: boolean; passkeys?: boolean }>();
  const [params] = useSearchParams();
  const kit = useIntentForm<FormAnswer>("code", { schema: codeSchema });
  const passkey = usePasskey("authenticate");
  const expired = mode === "signIn" && data.pending === false;
  const showCode = mode === "signIn" || data.totp !== false;
  const showPasskey = mode === "signIn" || data.passkeys !== false;
  return (
    <section className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      <Card>
        <CardHeader className="text-center">
          <CardTitle>{t(`twostep.${mode}.title`)}</CardTitle>
          <CardDescription>{t(`twostep.${mode}.description`)}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {expired ? (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {t("twostep.errors.expired")} <a href="/auth">{t("twostep.signIn.again")}</a>
            </p>
          ) : null}
          {showCode ? (
            <IntentForm kit={kit} className="grid gap-4">
              <ReturnToInput />
              <TextField
                field={kit.fields.code}
                label={t("twostep.fields.code")}
                description={t("twostep.fields.codeHint")}
                autoComplete="one-time-code"
                autoCapitalize="off"
                spellCheck={false}
              />
              <FormError form={kit.form} />
              <SubmitButton busy={kit.busy} busyLabel={t("twostep.busy.checking")} className="w-full">
                {t("twostep.actions.verify")}
              </SubmitButton>
            </IntentForm>
          ) : null}
          {showPasskey ? (
            <div className="grid gap-2">
              <Button type="button" variant="outline" disabled={passkey.busy} onClick={() => passkey.start(params.get("returnTo"))}>
                {passkey.busy ? t("twostep.busy.passkey") : t("twostep.actions.usePasskey")}
              </Button>
              <p role="alert" className="min-h-5 text-sm text-destructive">
                {passkey.problem ? t(passkey.problem) : null}
              </p>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
