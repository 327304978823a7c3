import { BellRing } from "lucide-react";
import { useInterfaceLang } from "~/components/layout/content-language";
import { useTranslation } from "~/lib/use-translation";
import { Link, useSearchParams } from "react-router";
import { FieldError, FormError, IntentForm, SubmitButton, TextField, useIntentForm, type useSchemaForm } from "~/components/form";
import type { FormAnswer } from "~/lib/form-submission";
import { loadOnce } from "~/lib/load-once";
import { useHydrated } from "~/lib/use-hydrated";
import type { LaunchNotifyResult, LaunchTopic } from "./launch-topics";
import type { notifySchema as NotifySchema } from "./notify-schema";

type NotifyAnswer = FormAnswer<{ status: LaunchNotifyResult["status"] }>;

const NO_JS_MESSAGES: Record<LaunchNotifyResult["status"], string> = {
  sent: "notify.sent",
  invalid: "notify.invalid",
  "rate-limited": "notify.rateLimited",
  error: "notify.error",
};

let notifySchema: typeof NotifySchema | undefined;
/** Offline, /notify validates; the next focus tries again. */
const loadRules = loadOnce(() => import("./notify-schema").then((module) => (notifySchema = module.notifySchema)));
const rules = () => notifySchema ?? loadRules();
const prepareForm = () => void loadRules().catch(() => {});

/**
 * "Tell me when it opens" on the form kit (ADR 0016): one e-mail field, posted to /notify. With
 * JavaScript a problem shows under the field (or above the button for limits and failures) and
 * success as a lasting message; without, /notify redirects back here with `?notify=<status>`.
 * The rules (zod) load when the form is first used; `constraint` gives the field its limits.
 */
export function NotifyForm({ topic, constraint }: { topic: LaunchTopic; constraint: Parameters<typeof useSchemaForm>[0]["constraint"] }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const kit = useIntentForm<NotifyAnswer, typeof NotifySchema>("notify", {
    id: `notify-${topic}`,
    schema: rules,
    constraint,
    defaultValue: { topic },
  });
  const isHydrated = useHydrated();
  const noJsStatus = params.get("notify") as LaunchNotifyResult["status"] | null;
  const message = kit.answer ? (kit.answer.ok ? "notify.sent" : null) : noJsStatus ? NO_JS_MESSAGES[noJsStatus] : null;
  // The form is interface text: in the visitor's language also on a page shown in another (ADR 0058).
  const interfaceLang = useInterfaceLang();
  return (
    <section id="notify" aria-labelledby="notify-title" className="mx-auto max-w-2xl scroll-mt-24 px-4 pb-16 sm:px-6" lang={interfaceLang}>
      <div className="rounded-lg border border-border bg-card p-6 sm:p-8">
        <h2 id="notify-title" className="flex items-center gap-2 text-xl font-semibold">
          <BellRing className="size-5 text-accent" aria-hidden="true" />
          {t("notify.title")}
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">{t(`notify.description.${topic}`)}</p>
        <IntentForm
          kit={kit}
          action="/notify"
          onFocus={prepareForm}
          className="mt-4 grid gap-3"
          data-hydrated={isHydrated ? "true" : undefined}
        >
          <input type="hidden" name="topic" value={topic} />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <TextField
              field={kit.fields.email}
              id={`notify-email-${topic}`}
              type="email"
              autoComplete="email"
              label={t("notify.emailLabel")}
              placeholder={t("notify.emailPlaceholder")}
              className="min-w-0 sm:flex-1 [&_input]:h-11 sm:[&_input]:h-10 [&>label]:sr-only"
            />
            <SubmitButton busy={kit.busy} busyLabel={t("notify.submit")}>
              {t("notify.submit")}
            </SubmitButton>
          </div>
          <FieldError field={kit.fields.topic} />
          <FormError form={kit.form} />
        </IntentForm>
        <p id="notify-message" role="status" className={`mt-3 text-sm ${message === "notify.sent" ? "text-accent" : "text-destructive"}`}>
          {message ? t(message) : null}
        </p>
        <p className="mt-2 text-xs text-muted-foreground">
          {t("notify.privacy")}{" "}
          <Link to="/privacy" className="underline underline-offset-2 hover:text-foreground">
            {t("notify.privacyLink")}
          </Link>
        </p>
      </div>
    </section>
  );
}
