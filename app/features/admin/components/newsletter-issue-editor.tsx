import { useId } from "react";
import { Link } from "react-router";
import { CheckboxField, IntentForm, SelectField, SubmitButton, TextField } from "~/components/form";
import { AdminHeading } from "./admin-shell";
import { ActionButton, FormOutcome, useConsoleForm } from "./console-form";
import { WelcomeSection } from "./newsletter-welcome-section";
import { RichTextField, type PictureChoice } from "./rich-text-field";
import { useScheduleTimeFormat } from "./page-schedule";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "~/lib/i18n";
import { useTranslation } from "~/lib/use-translation";
import { audienceSchema, languageSchema, sendSchema, versionSchema } from "../schemas/newsletter-issue-schema";
import type { LanguageReport } from "../newsletter-issues.server";

export interface IssueEditorData {
  issue: {
    id: string;
    slug: string;
    status: string;
    private: boolean;
    welcome: boolean;
    missingLanguage: string;
    segmentLanguage: string;
    segmentCustomerType: string;
    sendAt: string | null;
    finishedAt: string | null;
    versions: Partial<Record<Language, { subject: string; preheader: string; body: string }>>;
    report: { languages: LanguageReport[]; failed: Array<{ email: string; language: string; error: string | null }> };
  };
  language: Language;
  preview: { subject: string; html: string; text: string } | null;
  /** The published pictures of the library the body may show (the news cover's list). */
  pictures: PictureChoice[];
}

function VersionForm({ issue, language, pictures }: Pick<IssueEditorData, "issue" | "language" | "pictures">) {
  const { t } = useTranslation();
  const version = issue.versions[language];
  const kit = useConsoleForm("save", {
    schema: versionSchema,
    target: language,
    defaultValue: { language, subject: version?.subject ?? "", preheader: version?.preheader ?? "", body: version?.body ?? "" },
  });
  const draft = issue.status === "draft";
  return (
    <IntentForm kit={kit} className="grid max-w-3xl gap-4" key={language}>
      <input type="hidden" name="language" value={language} />
      <fieldset disabled={!draft} className="grid gap-4">
        <TextField field={kit.fields.subject!} label={t("admin.newsletterIssues.subject")} />
        <TextField
          field={kit.fields.preheader!}
          label={t("admin.newsletterIssues.preheader")}
          description={t("admin.newsletterIssues.preheaderHelp")}
        />
        <RichTextField field={kit.fields.body!} value={version?.body ?? ""} label={t("admin.newsletterIssues.body")} pictures={pictures} />
      </fieldset>
      <FormOutcome kit={kit} />
      {draft ? (
        <SubmitButton busy={kit.busy} busyLabel={t("admin.actions.saving")} className="justify-self-start">
          {t("admin.newsletterIssues.save")}
        </SubmitButton>
      ) : null}
    </IntentForm>
  );
}

function AudienceForm({ issue }: Pick<IssueEditorData, "issue">) {
  const { t } = useTranslation();
  const kit = useConsoleForm("audience", {
    schema: audienceSchema,
    defaultValue: {
      missingLanguage: issue.missingLanguage,
      segmentLanguage: issue.segmentLanguage,
      segmentCustomerType: issue.segmentCustomerType,
      private: issue.private ? "on" : undefined,
    },
  });
  const draft = issue.status === "draft";
  return (
    <IntentForm kit={kit} className="grid max-w-3xl gap-3">
      <fieldset disabled={!draft} className="grid gap-3 sm:grid-cols-3">
        <SelectField
          field={kit.fields.missingLanguage!}
          label={t("admin.newsletterIssues.missingLanguage")}
          options={[
            { value: "skip", label: t("admin.newsletterIssues.missing.skip") },
            { value: "default", label: t("admin.newsletterIssues.missing.default") },
          ]}
        />
        <SelectField
          field={kit.fields.segmentLanguage!}
          label={t("admin.newsletterIssues.segmentLanguage")}
          options={[
            { value: "", label: t("admin.newsletterIssues.everyone") },
            ...LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] })),
          ]}
        />
        <SelectField
          field={kit.fields.segmentCustomerType!}
          label={t("admin.newsletterIssues.segmentCustomerType")}
          options={[
            { value: "", label: t("admin.newsletterIssues.everyone") },
            { value: "private", label: t("admin.newsletterIssues.customerTypes.private") },
            { value: "business", label: t("admin.newsletterIssues.customerTypes.business") },
          ]}
        />
      </fieldset>
      <CheckboxField field={kit.fields.private!}>{t("admin.newsletterIssues.private")}</CheckboxField>
      <FormOutcome kit={kit} />
      <SubmitButton busy={kit.busy} busyLabel={t("admin.actions.saving")} variant="outline" className="justify-self-start">
        {t("admin.newsletterIssues.saveAudience")}
      </SubmitButton>
    </IntentForm>
  );
}

function SendSection({ issue }: Pick<IssueEditorData, "issue">) {
  const { t } = useTranslation();
  const formatTime = useScheduleTimeFormat();
  const kit = useConsoleForm("send", { schema: sendSchema });
  if (issue.status === "scheduled" && issue.sendAt) {
    return (
      <div className="space-y-2">
        <p data-testid="issue-scheduled">{t("admin.newsletterIssues.scheduledFor", { date: formatTime(issue.sendAt) })}</p>
        <ActionButton intent="cancel" label={t("admin.newsletterIssues.cancel")} />
      </div>
    );
  }
  if (issue.status !== "draft") return null;
  return (
    <IntentForm kit={kit} className="grid max-w-sm gap-2">
      <TextField
        field={kit.fields.sendAt!}
        type="datetime-local"
        label={t("admin.newsletterIssues.sendAt")}
        description={t("admin.newsletterIssues.sendAtHelp")}
      />
      <FormOutcome kit={kit} />
      <SubmitButton busy={kit.busy} busyLabel={t("admin.actions.working")} className="justify-self-start">
        {t("admin.newsletterIssues.send")}
      </SubmitButton>
    </IntentForm>
  );
}

function Report({ issue }: Pick<IssueEditorData, "issue">) {
  const { t } = useTranslation();
  const { languages, failed } = issue.report;
  if (languages.length === 0) return null;
  return (
    <section aria-labelledby="report-title" className="space-y-3">
      <h2 id="report-title" className="text-lg font-semibold">
        {t("admin.newsletterIssues.report.title")}
      </h2>
      <table className="text-sm" data-testid="send-report">
        <thead>
          <tr>
            {(["language", "sent", "bounced", "failed", "unsubscribed", "suppressed", "pending"] as const).map((column) => (
              <th key={column} scope="col" className="px-2 py-1 text-left font-medium">
                {t(`admin.newsletterIssues.report.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {languages.map((row) => (
            <tr key={row.language} data-language={row.language}>
              <th scope="row" className="px-2 py-1 text-left font-normal">
                {LANGUAGE_NAMES[row.language as Language] ?? row.language}
              </th>
              <td className="px-2 py-1">{row.sent}</td>
              <td className="px-2 py-1">{row.bounced}</td>
              <td className="px-2 py-1">{row.failed}</td>
              <td className="px-2 py-1">{row.unsubscribed}</td>
              <td className="px-2 py-1">{row.suppressed}</td>
              <td className="px-2 py-1">{row.pending}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {failed.length ? (
        <>
          <h3 className="font-medium">{t("admin.newsletterIssues.report.failedList")}</h3>
          <ul className="text-sm" data-testid="failed-recipients">
            {failed.map((row) => (
              <li key={row.email}>
                {row.email} ({row.language.toUpperCase()}){row.error ? `: ${row.error}` : ""}
              </li>
            ))}
          </ul>
          <ActionButton intent="retry" label={t("admin.newsletterIssues.retry")} />
        </>
      ) : null}
    </section>
  );
}

/** /admin/newsletter/issues/:id?language=de: one issue, its version in one language with its preview, the audience, the send. */
export function IssueEditor({ issue, language, preview, pictures }: IssueEditorData) {
  const { t } = useTranslation();
  const id = useId();
  const testKit = languageSchema;
  return (
    <>
      <AdminHeading title={issue.slug} back={{ to: "/admin/newsletter/issues", label: t("admin.newsletterIssues.title") }} />
      <p className="mb-4 text-sm" data-testid="issue-status">
        {t(`admin.newsletterIssues.statuses.${issue.welcome ? "welcome" : issue.status}`)}
      </p>
      <nav aria-label={t("admin.newsletterIssues.languages")} className="mb-4 flex flex-wrap gap-2">
        {LANGUAGES.map((code) => (
          <Link
            key={code}
            to={`?language=${code}`}
            aria-current={code === language ? "page" : undefined}
            className={
              "rounded-full border px-3 py-1 text-sm " +
              (code === language ? "border-primary bg-primary text-primary-foreground" : "border-border")
            }
          >
            {LANGUAGE_NAMES[code]}
            {issue.versions[code] ? "" : ` (${t("admin.newsletterIssues.noVersion")})`}
          </Link>
        ))}
      </nav>
      <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_400px]">
        <div className="space-y-8">
          <VersionForm key={language} issue={issue} language={language} pictures={pictures} />
          {issue.versions[language] && issue.status === "draft" ? (
            <ActionButton
              intent="remove"
              schema={testKit}
              fields={{ language }}
              variant="destructive"
              label={t("admin.newsletterIssues.removeLanguage")}
              confirm={t("admin.newsletterIssues.confirmRemove")}
            />
          ) : null}
          <section aria-labelledby={`${id}-audience`} className="space-y-3">
            <h2 id={`${id}-audience`} className="text-lg font-semibold">
              {t("admin.newsletterIssues.audience")}
            </h2>
            <AudienceForm issue={issue} />
          </section>
          <WelcomeSection welcome={issue.welcome} draft={issue.status === "draft"} />
          {issue.welcome ? null : (
            <section aria-labelledby={`${id}-send`} className="space-y-3">
              <h2 id={`${id}-send`} className="text-lg font-semibold">
                {t("admin.newsletterIssues.sendTitle")}
              </h2>
              <SendSection issue={issue} />
            </section>
          )}
          <Report issue={issue} />
        </div>
        <section aria-labelledby={`${id}-preview`} className="space-y-3">
          <h2 id={`${id}-preview`} className="text-lg font-semibold">
            {t("admin.newsletterIssues.preview")}
          </h2>
          {preview ? (
            <>
              <p className="text-sm">
                <span className="font-medium">{t("admin.newsletterIssues.subject")}:</span> {preview.subject}
              </p>
              {/* The mail at a phone's width; sandboxed: nothing in it runs or reaches the console. */}
              <iframe
                title={t("admin.newsletterIssues.previewHtml")}
                srcDoc={preview.html}
                sandbox=""
                className="h-[600px] w-[375px] max-w-full rounded-md border border-border bg-white"
                data-testid="issue-preview"
              />
              <details>
                <summary className="cursor-pointer text-sm">{t("admin.newsletterIssues.previewText")}</summary>
                <pre className="mt-2 max-w-[375px] overflow-x-auto text-xs whitespace-pre-wrap">{preview.text}</pre>
              </details>
              <ActionButton intent="test" schema={testKit} fields={{ language }} label={t("admin.newsletterIssues.sendTest")} />
            </>
          ) : (
            <p className="text-sm text-muted-foreground">{t("admin.newsletterIssues.previewEmpty")}</p>
          )}
        </section>
      </div>
    </>
  );
}
