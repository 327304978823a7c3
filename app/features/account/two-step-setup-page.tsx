import { useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { useLoaderData, useRevalidator } from "react-router";
import { FormError, IntentForm, SubmitButton, TextField, useIntentForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { SetupAnswer, setupLoader } from "./two-step-setup.server";
import { passwordProofSchema, totpCodeSchema } from "./two-step-schemas";
import { usePasskey } from "./use-passkey";

type SetupData = Awaited<ReturnType<typeof setupLoader>>;

/**
 * `/profile/two-step` (ADR 0044): set up a passkey or an authenticator app (then the recovery
 * codes, shown once), see what is set up, turn it off. A console role is sent here until it has one.
 */
export function TwoStepSetupPage() {
  const { t } = useTranslation();
  const data = useLoaderData<SetupData>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const next = data.returnTo ?? (data.consoleRole ? "/admin" : "/profile");
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col px-4 py-12 sm:py-16">
      <Card>
        <CardHeader>
          <CardTitle>{t("twostep.setup.title")}</CardTitle>
          <CardDescription>{t("twostep.setup.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {data.consoleRole && !data.enabled ? (
            <p role="note" className="rounded-md border border-border bg-muted px-3 py-2 text-sm">
              {t("twostep.setup.consoleRequired")}
            </p>
          ) : null}
          {codes ? (
            <RecoveryCodes codes={codes} next={next} onDone={() => setCodes(null)} />
          ) : data.enabled && data.confirmUrl ? (
            <Status data={data} confirmUrl={data.confirmUrl} />
          ) : (
            <>
              {data.enabled ? <Status data={data} confirmUrl={null} /> : null}
              <PasskeySetup next={data.enabled ? null : next} />
              {data.totp ? null : <TotpSetup hasPassword={data.hasPassword} onCodes={setCodes} />}
              {data.enabled && !data.consoleRole ? <TurnOff hasPassword={data.hasPassword} /> : null}
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function Status({ data, confirmUrl }: { data: SetupData; confirmUrl: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2 text-sm">
      <p className="font-medium">{t("twostep.setup.on")}</p>
      <ul className="list-disc pl-5">
        {data.totp ? <li>{t("twostep.setup.hasTotp")}</li> : null}
        {data.passkeys > 0 ? <li>{t("twostep.setup.hasPasskeys", { count: data.passkeys })}</li> : null}
      </ul>
      {confirmUrl ? (
        <p>
          {t("twostep.setup.confirmToChange")} <a href={confirmUrl}>{t("twostep.confirm.title")}</a>
        </p>
      ) : null}
    </div>
  );
}

function PasskeySetup({ next }: { next: string | null }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [added, setAdded] = useState(false);
  const passkey = usePasskey("register", () => {
    setAdded(true);
    if (next) window.location.assign(next);
    else void revalidator.revalidate();
  });
  return (
    <div className="grid gap-2">
      <h2 className="text-base font-semibold">{t("twostep.setup.passkeyTitle")}</h2>
      <p className="text-sm text-muted-foreground">{t("twostep.setup.passkeyHint")}</p>
      <Button type="button" disabled={passkey.busy} onClick={() => passkey.start()}>
        {passkey.busy ? t("twostep.busy.passkey") : t("twostep.actions.usePasskey")}
      </Button>
      <p role="status" className="min-h-5 text-sm">
        {passkey.problem ? <span className="text-destructive">{t(passkey.problem)}</span> : added ? t("twostep.setup.passkeyAdded") : null}
      </p>
    </div>
  );
}

function TotpSetup({ hasPassword, onCodes }: { hasPassword: boolean; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const start = useIntentForm<SetupAnswer>("startTotp", { schema: passwordProofSchema });
  const confirm = useIntentForm<SetupAnswer>("confirmTotp", {
    schema: totpCodeSchema,
    onSuccess: (answer) => answer.recoveryCodes && onCodes(answer.recoveryCodes),
  });
  const totp = start.answer?.ok ? start.answer.totp : undefined;
  return (
    <div className="grid gap-3">
      <h2 className="text-base font-semibold">{t("twostep.setup.totpTitle")}</h2>
      {totp ? (
        <>
          <p className="text-sm text-muted-foreground">{t("twostep.setup.scan")}</p>
          {/* The QR code is an SVG drawn on the server from the otpauth address (uqr): no script, no image request. */}
          <div className="w-48 self-center" aria-hidden="true" dangerouslySetInnerHTML={{ __html: totp.qrSvg }} />
          <p className="text-sm">
            {t("twostep.setup.secret")}{" "}
            <code className="break-all font-mono" data-testid="totp-secret">
              {totp.secret}
            </code>
          </p>
          <p className="text-sm">
            <a href={totp.uri}>{t("twostep.setup.openApp")}</a>
          </p>
          <IntentForm kit={confirm} className="grid gap-3">
            <TextField field={confirm.fields.code} label={t("twostep.fields.totp")} autoComplete="one-time-code" inputMode="numeric" />
            <FormError form={confirm.form} />
            <SubmitButton busy={confirm.busy} busyLabel={t("twostep.busy.checking")}>
              {t("twostep.actions.confirmTotp")}
            </SubmitButton>
          </IntentForm>
        </>
      ) : (
        <IntentForm kit={start} className="grid gap-3">
          <p className="text-sm text-muted-foreground">{t("twostep.setup.totpHint")}</p>
          {hasPassword ? (
            <TextField field={start.fields.password} type="password" label={t("twostep.fields.password")} autoComplete="current-password" />
          ) : null}
          <FormError form={start.form} />
          <SubmitButton busy={start.busy} busyLabel={t("twostep.busy.starting")} variant="outline">
            {t("twostep.actions.useApp")}
          </SubmitButton>
        </IntentForm>
      )}
    </div>
  );
}

function RecoveryCodes({ codes, next, onDone }: { codes: string[]; next: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = codes.join("\n");
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(`${text}\n`)}`;
  return (
    <div className="grid gap-3">
      <h2 className="text-base font-semibold">{t("twostep.setup.codesTitle")}</h2>
      <p className="text-sm text-muted-foreground">{t("twostep.setup.codesHint")}</p>
      <ul className="grid grid-cols-2 gap-1 rounded-md border border-border p-3 font-mono text-sm" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            void navigator.clipboard?.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? t("twostep.actions.copied") : t("twostep.actions.copy")}
        </Button>
        <Button asChild variant="outline">
          <a href={download} download="ip-angel-recovery-codes.txt">
            {t("twostep.actions.download")}
          </a>
        </Button>
        <Button
          type="button"
          onClick={() => {
            onDone();
            window.location.assign(next);
          }}
        >
          {t("twostep.actions.continue")}
        </Button>
      </div>
    </div>
  );
}

function TurnOff({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const kit = useIntentForm<SetupAnswer>("disable", { schema: passwordProofSchema, onSuccess: () => void revalidator.revalidate() });
  return (
    <IntentForm kit={kit} className="grid gap-3 border-t border-border pt-4">
      <h2 className="text-base font-semibold">{t("twostep.setup.turnOffTitle")}</h2>
      {hasPassword ? (
        <TextField field={kit.fields.password} type="password" label={t("twostep.fields.password")} autoComplete="current-password" />
      ) : null}
      <FormError form={kit.form} />
      <SubmitButton busy={kit.busy} busyLabel={t("twostep.busy.turningOff")} variant="destructive">
        {t("twostep.actions.turnOff")}
      </SubmitButton>
    </IntentForm>
  );
}
