/* eslint-disable import-x/no-duplicates -- each icon is its own module (lucide-react/icons/…, ADR 0035); they share one type file */
import Download from "lucide-react/icons/download";
import LogOut from "lucide-react/icons/log-out";
import Monitor from "lucide-react/icons/monitor";
import Smartphone from "lucide-react/icons/smartphone";
import { useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Form, useFetcher, useLoaderData, type FetcherWithComponents } from "react-router";
import { getFormProps, SubmitButton, useFormAnswer, useIntentFetcher, useSchemaForm } from "~/components/form";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { LANGUAGE_LOCALES, isLanguage } from "~/lib/i18n";
import type { NewsletterStatus } from "./newsletter.server";
import type { PrivacyLoaderData, SessionsAnswer } from "./privacy-actions.server";
import type { ActiveSession } from "./sessions.server";
import { PasswordField } from "./account-fields";
import { useAccountFormRules } from "./account-form-rules";
import { dateTimeFormat } from "~/lib/intl-formats";

/**
 * The profile's privacy sections (issue 12): newsletter state, "Download my data" and the list of
 * active sessions. They read the /profile loader's `privacy` field and post to their own routes
 * (/profile/data-export, /profile/sessions), so they work before JavaScript loads too.
 */

/** Under the newsletter switch: says that the subscription waits for the link in the mail. */
export function NewsletterStatusNote({ status }: { status: NewsletterStatus }) {
  const { t } = useTranslation();
  if (status !== "pending") return null;
  return (
    <p className="text-sm font-medium text-accent" role="status" data-testid="newsletter-pending">
      {t("mydata.newsletter.pending")}
    </p>
  );
}

function useDateFormat() {
  const shown = useTranslation().language;
  const language = isLanguage(shown) ? shown : "en";
  const format = dateTimeFormat(LANGUAGE_LOCALES[language], { dateStyle: "medium", timeStyle: "short" });
  return (iso: string) => format.format(new Date(iso));
}

export function PrivacySections() {
  const { privacy, profile } = useLoaderData<{ privacy?: PrivacyLoaderData; profile?: { hasPassword: boolean } | null }>();
  if (!privacy) return null;
  return (
    <>
      <DataExportCard notice={privacy.exportNotice} hasPassword={profile?.hasPassword ?? false} />
      <SessionsCard sessions={privacy.sessions} />
    </>
  );
}

function DataExportCard({ notice, hasPassword }: { notice: PrivacyLoaderData["exportNotice"]; hasPassword: boolean }) {
  const { t } = useTranslation();
  const [started, setStarted] = useState(false);
  // The current password (proof of presence, recent-proof.server.ts); the answer to a refusal comes back as `?export=`.
  const rules = useAccountFormRules(hasPassword ? "currentPasswordSchema" : "noFieldsSchema");
  const [form, fields] = useSchemaForm({ id: "data-export", ...rules.options });
  const formProps = getFormProps(form);
  return (
    <Card className="mt-8" data-testid="data-export">
      <CardHeader>
        <h2 className="text-xl font-semibold">{t("mydata.export.title")}</h2>
        <CardDescription>{t("mydata.export.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {/* A plain form post: the browser saves the ZIP and the page stays. */}
        <Form
          method="post"
          action="/profile/data-export"
          reloadDocument
          className="grid gap-3 sm:max-w-sm"
          onFocus={rules.prepare}
          {...formProps}
          onSubmit={(event) => {
            formProps.onSubmit?.(event);
            if (!event.defaultPrevented) setStarted(true);
          }}
        >
          {hasPassword ? (
            <PasswordField field={fields.currentPassword} id="export-current-password" label={t("profile.password.current")} />
          ) : (
            <p className="text-sm text-muted-foreground">{t("profile.proof.recentSignIn")}</p>
          )}
          <SubmitButton busy={false} busyLabel="" variant="outline" icon={<Download aria-hidden />} className="w-full sm:w-auto">
            {t("mydata.export.button")}
          </SubmitButton>
        </Form>
        {notice ? (
          <p role="alert" className="text-sm text-destructive">
            {t(`mydata.export.errors.${notice}`)}
          </p>
        ) : started ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t("mydata.export.started")}
          </p>
        ) : (
          <p className="text-xs text-muted-foreground">{t("mydata.export.hint")}</p>
        )}
      </CardContent>
    </Card>
  );
}

function SessionsCard({ sessions }: { sessions: ActiveSession[] }) {
  const { t } = useTranslation();
  const { fetcher: others, answer, busy } = useIntentFetcher<SessionsAnswer>("endOthers");
  useFormAnswer(answer);
  // One fetcher for every row's "end", held here: its answer's toast must outlive the row it removes
  // (a row's own hook could unmount in the same render that brings its answer, and the toast was lost).
  const ending = useFetcher<SessionsAnswer>({ key: "end-session" });
  useFormAnswer(ending.data);
  const hasOthers = sessions.some((entry) => !entry.current);
  return (
    <Card className="mt-8" data-testid="sessions">
      <CardHeader>
        <h2 className="text-xl font-semibold">{t("mydata.sessions.title")}</h2>
        <CardDescription>{t("mydata.sessions.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-3">
          {sessions.map((entry) => (
            <SessionRow key={entry.id} entry={entry} ending={ending} />
          ))}
        </ul>
        {ending.data?.ok === false && ending.data.error && (
          <p role="alert" className="text-sm text-destructive">
            {t(ending.data.error)}
          </p>
        )}
        {hasOthers && (
          <others.Form method="post" action="/profile/sessions">
            <input type="hidden" name="intent" value="endOthers" />
            <SubmitButton
              busy={busy}
              busyLabel={t("mydata.sessions.busy")}
              variant="destructive"
              icon={<LogOut aria-hidden />}
              className="w-full sm:w-auto"
            >
              {t("mydata.sessions.endOthers")}
            </SubmitButton>
            {answer?.ok === false && answer.error && (
              <p role="alert" className="mt-2 text-sm text-destructive">
                {t(answer.error)}
              </p>
            )}
          </others.Form>
        )}
      </CardContent>
    </Card>
  );
}

function SessionRow({ entry, ending }: { entry: ActiveSession; ending: FetcherWithComponents<SessionsAnswer> }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const busy = ending.state !== "idle" && ending.formData?.get("sessionId") === entry.id;
  const mobile = entry.os === "iOS" || entry.os === "Android" || entry.os === "iPadOS";
  const Icon = mobile ? Smartphone : Monitor;
  const device = [entry.browser ?? t("mydata.sessions.unknownBrowser"), entry.os ?? t("mydata.sessions.unknownSystem")].join(" · ");
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="session-row"
    >
      <div className="flex min-w-0 items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
        <div className="grid min-w-0 gap-1 text-sm">
          <p className="font-medium break-words">
            {device}
            {entry.current && (
              <span
                className="ml-2 inline-block rounded-full bg-primary/15 px-2 py-0.5 text-xs font-semibold text-primary"
                data-testid="this-device"
              >
                {t("mydata.sessions.thisDevice")}
              </span>
            )}
          </p>
          <p className="text-muted-foreground">
            {t("mydata.sessions.created")}:{" "}
            <time dateTime={entry.createdAt} suppressHydrationWarning>
              {format(entry.createdAt)}
            </time>
          </p>
          <p className="text-muted-foreground">
            {t("mydata.sessions.lastActive")}:{" "}
            <time dateTime={entry.lastActiveAt} suppressHydrationWarning>
              {format(entry.lastActiveAt)}
            </time>
          </p>
        </div>
      </div>
      <ending.Form method="post" action="/profile/sessions" className="grid shrink-0 gap-1">
        <input type="hidden" name="intent" value="end" />
        <input type="hidden" name="sessionId" value={entry.id} />
        <SubmitButton
          busy={busy}
          busyLabel={t("mydata.sessions.busy")}
          variant="outline"
          size="sm"
          className="w-full sm:w-auto"
          aria-label={`${entry.current ? t("mydata.sessions.endThis") : t("mydata.sessions.end")}: ${device}`}
        >
          {entry.current ? t("mydata.sessions.endThis") : t("mydata.sessions.end")}
        </SubmitButton>
      </ending.Form>
    </li>
  );
}
