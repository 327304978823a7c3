import { Link } from "react-router";
import { getFormProps, HydratedInput, SubmitButton } from "~/components/form";
import { Button } from "~/components/ui/button";
import { LANGUAGE_NAMES, type Language } from "~/lib/i18n";
import { useTranslation } from "~/lib/use-translation";
import { buttonSchema } from "../schemas/console-schemas";
import { startFromEnglishSchema } from "../schemas/translation-schema";
import type { ImportReport } from "../translation-report";
import { SOURCE_LANGUAGE, STATE_CLASS, TARGET_LANGUAGES } from "../translations";
import type { TranslationRow } from "../translations.server";
import type { MediaTranslationStatus } from "../media-translations.server";
import { MediaTranslationStatusSection } from "./media-translation-status";
import { AdminHeading } from "./admin-shell";
import { ActionButton, FormOutcome, useConsoleForm } from "./console-form";
import { ConsoleSelect } from "./console-search";
import { ConsoleTable } from "./console-table";
import { useDateFormat } from "./use-date-format";

/**
 * /admin/translations (ADR 0062): each content page × German and Spanish, missing, outdated or up to
 * date against English, with the fields that need work; "start from English" puts English's text
 * into those fields of the draft. Below, a language's texts for a translator (XLIFF 2.0 or JSON)
 * and the import of the translated file, which writes drafts only.
 */
export function TranslationsPage({
  pages,
  media,
  importMaxBytes,
  mediaExportLimit,
}: {
  pages: TranslationRow[];
  media: MediaTranslationStatus;
  importMaxBytes: number;
  mediaExportLimit: number;
}) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const columns = [
    { key: "page", label: t("admin.pages.page") },
    { key: SOURCE_LANGUAGE, label: LANGUAGE_NAMES[SOURCE_LANGUAGE] },
    ...TARGET_LANGUAGES.map((language) => ({ key: language, label: LANGUAGE_NAMES[language] })),
  ];
  return (
    <>
      <AdminHeading title={t("admin.translations.title")} />
      <p className="mb-4 max-w-3xl text-sm text-muted-foreground">{t("admin.translations.intro")}</p>
      <ConsoleTable
        testId="translations-table"
        rowTestId="translations-row"
        columns={columns}
        rows={pages}
        rowKey={(row) => `${row.kind}-${row.id}`}
        cells={(row) => [
          <span key="page">
            {t(`admin.pages.names.${row.id}`)}
            {row.legal ? <span className="ml-2 text-xs text-muted-foreground">{t("admin.pages.legal")}</span> : null}
          </span>,
          <span key={SOURCE_LANGUAGE} className="grid gap-0.5 text-sm">
            <span className="text-muted-foreground">{t("admin.translations.source")}</span>
            {row.sourcePublishedAt ? (
              <span className="text-xs text-muted-foreground">
                {t("admin.pages.publishedOn", { date: formatDate(row.sourcePublishedAt) })}
              </span>
            ) : null}
          </span>,
          ...row.languages.map((entry) => <StatusCell key={entry.language} page={row.id} entry={entry} />),
        ]}
      />
      <MediaTranslationStatusSection media={media} />
      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <ExportForm pages={pages} mediaLimit={mediaExportLimit} />
        <ImportForm maxBytes={importMaxBytes} />
      </div>
    </>
  );
}

function StatusCell({ page, entry }: { page: string; entry: TranslationRow["languages"][number] }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1 text-sm" data-testid={`translation-${page}-${entry.language}`} data-state={entry.state}>
      <span className={STATE_CLASS[entry.state]}>{t(`admin.translations.states.${entry.state}`)}</span>
      {entry.fields.length > 0 ? (
        <details>
          <summary className="cursor-pointer text-xs text-muted-foreground">
            {t("admin.translations.fields", { count: entry.fields.length })}
          </summary>
          <ul className="mt-1 space-y-0.5">
            {entry.fields.map((path) => (
              <li key={path}>
                <code className="text-xs">{path}</code>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {entry.draft ? <span className="text-xs text-amber-300">{t("admin.translations.hasDraft")}</span> : null}
      <Link to={`/admin/pages/${page}?language=${entry.language}`} className="text-xs text-primary underline underline-offset-2">
        {t("admin.translations.edit")}
      </Link>
      {entry.state !== "upToDate" ? (
        <ActionButton
          intent="start"
          schema={startFromEnglishSchema}
          target={`${page}-${entry.language}`}
          fields={{ page, language: entry.language }}
          label={t("admin.translations.startFromEnglish")}
          busyLabel={t("admin.actions.working")}
        />
      ) : null}
    </div>
  );
}

/** A GET form: the browser downloads the file (works without JavaScript). */
function ExportForm({ pages, mediaLimit }: { pages: TranslationRow[]; mediaLimit: number }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="export-title" className="space-y-3">
      <h2 id="export-title" className="text-lg font-semibold">
        {t("admin.translations.export.title")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("admin.translations.export.intro")}</p>
      <form method="get" action="/admin/translations/export" className="grid gap-3 sm:grid-cols-2">
        <ConsoleSelect
          id="export-language"
          name="language"
          label={t("admin.translations.export.language")}
          value={TARGET_LANGUAGES[0]!}
          options={TARGET_LANGUAGES.map((language: Language) => [language, LANGUAGE_NAMES[language]] as const)}
        />
        <ConsoleSelect
          id="export-page"
          name="page"
          label={t("admin.translations.export.page")}
          value="all"
          options={[
            ["all", t("admin.translations.export.allPages")],
            ["none", t("admin.translations.export.noPages")],
            ...pages.map((row) => [row.id, t(`admin.pages.names.${row.id}`)] as const),
          ]}
        />
        <ConsoleSelect
          id="export-media"
          name="media"
          label={t("admin.translations.export.media")}
          value="work"
          options={[
            ["work", t("admin.translations.export.mediaWork", { limit: mediaLimit })],
            ["none", t("admin.translations.export.mediaNone")],
          ]}
        />
        <ConsoleSelect
          id="export-text"
          name="text"
          label={t("admin.translations.export.text")}
          value="published"
          options={[
            ["published", t("admin.translations.export.published")],
            ["draft", t("admin.translations.export.draft")],
          ]}
        />
        <ConsoleSelect
          id="export-format"
          name="format"
          label={t("admin.translations.export.format")}
          value="xliff"
          options={[
            ["xliff", "XLIFF 2.0"],
            ["json", "JSON"],
          ]}
        />
        <Button type="submit" className="sm:col-span-2 sm:justify-self-start">
          {t("admin.translations.export.download")}
        </Button>
      </form>
    </section>
  );
}

function ImportForm({ maxBytes }: { maxBytes: number }) {
  const { t } = useTranslation();
  const kit = useConsoleForm("import", { schema: buttonSchema });
  const report = (kit.answer as { report?: ImportReport } | undefined)?.report;
  return (
    <section aria-labelledby="import-title" className="space-y-3">
      <h2 id="import-title" className="text-lg font-semibold">
        {t("admin.translations.import.title")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("admin.translations.import.intro", { size: Math.round(maxBytes / 1024) })}</p>
      <kit.fetcher.Form method="post" encType="multipart/form-data" {...getFormProps(kit.form)} className="space-y-3">
        <input type="hidden" name="intent" value={kit.intent} />
        <HydratedInput />
        <div className="space-y-1.5">
          <label htmlFor="import-file" className="block text-sm font-medium">
            {t("admin.translations.import.file")}
          </label>
          <input
            id="import-file"
            name="file"
            type="file"
            required
            accept=".xlf,.xliff,.xml,.json,application/xliff+xml,application/json"
            className="block text-sm"
          />
        </div>
        <SubmitButton busy={kit.busy} busyLabel={t("admin.translations.import.importing")}>
          {t("admin.translations.import.submit")}
        </SubmitButton>
        <FormOutcome kit={kit} />
      </kit.fetcher.Form>
      {report ? <ImportReportView report={report} /> : null}
    </section>
  );
}

function ImportReportView({ report }: { report: ImportReport }) {
  const { t } = useTranslation();
  // A media item's entry names the item by its own title (unknown items by their id).
  const pageName = (page: string, title?: string) =>
    page.startsWith("media.")
      ? t("admin.translations.import.mediaItem", { title: title ?? page.slice("media.".length) })
      : t(`admin.pages.names.${page}`);
  return (
    <div className="space-y-2 text-sm" data-testid="import-report">
      {report.language ? <p>{t("admin.translations.import.language", { language: LANGUAGE_NAMES[report.language] })}</p> : null}
      {report.changed.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5">
          {report.changed.map((entry) => (
            <li key={entry.page}>
              {t("admin.translations.import.changed", { page: pageName(entry.page), count: entry.fields.length })}{" "}
              <Link to={`/admin/pages/${entry.page}?language=${report.language}`} className="text-primary underline underline-offset-2">
                {t("admin.translations.import.openDraft")}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {report.changedMedia.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5">
          {report.changedMedia.map((entry) => (
            <li key={entry.id}>
              {t("admin.translations.import.changedMedia", { title: entry.title, count: entry.fields.length })}{" "}
              <Link to={`/admin/media/${entry.id}#translation-${report.language}`} className="text-primary underline underline-offset-2">
                {t("admin.translations.import.openDraft")}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {report.unchanged > 0 ? <p>{t("admin.translations.import.unchanged", { count: report.unchanged })}</p> : null}
      {report.staleSourceCount > 0 ? (
        <>
          <p className="font-medium text-amber-300">{t("admin.translations.import.staleSource", { count: report.staleSourceCount })}</p>
          <ul className="list-disc space-y-1 pl-5">
            {report.staleSource.map((entry) => (
              <li key={`${entry.page}-${entry.field}`}>
                {pageName(entry.page, entry.title)} <code className="text-xs">{entry.field}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {report.refusedCount > 0 ? (
        <>
          <p className="font-medium text-destructive">{t("admin.translations.import.refused", { count: report.refusedCount })}</p>
          <ul className="list-disc space-y-1 pl-5">
            {report.refused.map((entry) => (
              <li key={`${entry.page}-${entry.field}`}>
                {pageName(entry.page, entry.title)} <code className="text-xs">{entry.field}</code>: {t(entry.error)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {report.ignoredCount > 0 ? (
        <>
          <p>{t("admin.translations.import.ignored", { count: report.ignoredCount })}</p>
          <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
            {report.ignored.map((entry) => (
              <li key={`${entry.page}-${entry.field}-${entry.reason}`}>
                {entry.page.startsWith("media.") ? pageName(entry.page, entry.title) : entry.page}{" "}
                {entry.field ? <code className="text-xs">{entry.field}</code> : null}: {t(`admin.translations.reasons.${entry.reason}`)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
