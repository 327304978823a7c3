import { BellRing, Loader2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useSearchParams } from "react-router";
import { HydratedInput } from "~/components/form/hydrated-input";
import { Button } from "~/components/ui/button";
import { EMAIL_MAX } from "~/lib/field-schemas";
import type { LaunchNotifyResult, LaunchTopic } from "./launch-topics";

/**
 * "Tell me when it opens": one e-mail field. Posts to /notify; without JavaScript the answer
 * comes back as `?notify=<status>` on this page, with JavaScript it is shown in place.
 */
export function NotifyForm({ topic }: { topic: LaunchTopic }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<LaunchNotifyResult>();
  const [params] = useSearchParams();
  const status = fetcher.data?.status ?? (params.get("notify") as LaunchNotifyResult["status"] | null);
  const busy = fetcher.state !== "idle";
  const messageKey =
    status === "sent"
      ? "common.notify.sent"
      : status === "invalid"
        ? "common.notify.invalid"
        : status === "rate-limited"
          ? "common.notify.rateLimited"
          : status === "error"
            ? "common.notify.error"
            : null;
  return (
    <section id="notify" aria-labelledby="notify-title" className="mx-auto max-w-2xl scroll-mt-24 px-4 pb-16 sm:px-6">
      <div className="rounded-lg border border-border bg-card p-6 sm:p-8">
        <h2 id="notify-title" className="flex items-center gap-2 text-xl font-semibold">
          <BellRing className="size-5 text-accent" aria-hidden="true" />
          {t("common.notify.title")}
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">{t(`common.notify.description.${topic}`)}</p>
        <fetcher.Form method="post" action="/notify" className="mt-4 flex flex-col gap-3 sm:flex-row">
          <input type="hidden" name="topic" value={topic} />
          {/* With JavaScript the answer is data shown here; without, /notify redirects back to this page. */}
          <HydratedInput />
          <label htmlFor={`notify-email-${topic}`} className="sr-only">
            {t("common.notify.emailLabel")}
          </label>
          <input
            id={`notify-email-${topic}`}
            name="email"
            type="email"
            required
            maxLength={EMAIL_MAX}
            autoComplete="email"
            placeholder={t("common.notify.emailPlaceholder")}
            aria-describedby={messageKey ? "notify-message" : undefined}
            className="h-10 w-full min-w-0 rounded-md sm:flex-1 border border-input bg-background px-3 text-sm placeholder:text-muted-foreground"
          />
          <Button type="submit" disabled={busy}>
            {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
            {t("common.notify.submit")}
          </Button>
        </fetcher.Form>
        <p id="notify-message" role="status" className={`mt-3 text-sm ${status === "sent" ? "text-accent" : "text-destructive"}`}>
          {messageKey ? t(messageKey) : null}
        </p>
        <p className="mt-2 text-xs text-muted-foreground">
          {t("common.notify.privacy")}{" "}
          <Link to="/privacy" className="underline underline-offset-2 hover:text-foreground">
            {t("common.notify.privacyLink")}
          </Link>
        </p>
      </div>
    </section>
  );
}
