import { BellRing, CheckCircle2 } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { Link } from "react-router";
import { FormError, IntentForm, SubmitButton, useIntentForm } from "~/components/form";
import type { FormAnswer } from "~/lib/form-submission";
import type { LaunchTopic } from "./launch-topics";
import { confirmSchema } from "./notify-schema";

/**
 * The page of a confirmation link: a button (a mail scanner opening the link confirms nothing,
 * as with the newsletter) that confirms the address. Form kit; works without JavaScript.
 */
export function ConfirmForm({ token, topic, removePath }: { token: string; topic: LaunchTopic; removePath: string }) {
  const { t } = useTranslation();
  const kit = useIntentForm<FormAnswer>("confirm", { schema: confirmSchema, defaultValue: { token } });
  if (kit.answer?.ok === true) return <ConfirmedNotice topic={topic} removePath={removePath} />;
  const name = t(`notify.topics.${topic}`);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <BellRing className="size-12 text-accent" aria-hidden="true" />
      <h1 className="mt-6 text-3xl font-bold">{t("notify.confirm.title")}</h1>
      <p className="mt-4 text-muted-foreground">{t("notify.confirm.description", { topic: name })}</p>
      <IntentForm kit={kit} className="mt-8 grid justify-items-center gap-3">
        <input type="hidden" name="token" value={token} />
        <FormError form={kit.form} />
        <SubmitButton busy={kit.busy} busyLabel={t("notify.confirm.busy")}>
          {t("notify.confirm.button")}
        </SubmitButton>
      </IntentForm>
    </section>
  );
}

/** "Confirmed": what the list is for, the way off it, and the way back to the launch's page. */
export function ConfirmedNotice({ topic, removePath }: { topic: LaunchTopic; removePath: string }) {
  const { t } = useTranslation();
  const name = t(`notify.topics.${topic}`);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <CheckCircle2 className="size-12 text-accent" aria-hidden="true" />
      <h1 className="mt-6 text-3xl font-bold">{t("notify.confirmed.title")}</h1>
      <p className="mt-4 text-muted-foreground" role="status">
        {t("notify.confirmed.description", { topic: name })}
      </p>
      <a href={removePath} className="mt-4 text-sm text-muted-foreground underline underline-offset-4">
        {t("notify.confirmed.remove")}
      </a>
      <Link to={`/${topic}`} className="mt-8 text-primary underline underline-offset-4">
        {t(`notify.confirmed.back.${topic}`)}
      </Link>
    </section>
  );
}
