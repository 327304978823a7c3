import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { LANGUAGE_NAMES, type Language } from "~/lib/i18n";
import { useTranslation } from "~/lib/use-translation";
import type { FieldDiff, PageVersion } from "../page-history.server";
import { targetSchema } from "../schemas/console-schemas";
import { AdminHeading } from "./admin-shell";
import { ActionButton } from "./console-form";
import { ConsoleSelect } from "./console-search";
import { ConsoleTable } from "./console-table";
import { PagePublication } from "./page-publication";
import { useDateFormat } from "./use-date-format";

export interface PageHistoryData {
  namespace: string;
  language: Language;
  unpublishedAt: string | null;
  versions: PageVersion[];
  compared: { older: number; newer: number; fields: FieldDiff[] } | null;
  invalidChoice: boolean;
}

/**
 * The history of one page in one language (ADR 0058): every publish with who and when, "restore as
 * draft" on each, and two versions compared field by field (changed fields first, the unchanged
 * folded away).
 */
export function PageHistory({ history }: { history: PageHistoryData }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const pageName = t(`admin.pages.names.${history.namespace}`);
  const editor = `/admin/pages/${history.namespace}?language=${history.language}`;
  const label = (version: PageVersion) =>
    t("admin.pages.history.versionLabel", { number: version.number, date: formatDate(version.publishedAt) });
  return (
    <>
      <AdminHeading
        title={t("admin.pages.history.title", { page: pageName, language: LANGUAGE_NAMES[history.language] })}
        back={{ to: editor, label: t("admin.pages.history.backToEditor") }}
      />
      <PagePublication namespace={history.namespace} language={history.language} unpublishedAt={history.unpublishedAt} />
      <h2 className="mb-3 text-lg font-semibold">{t("admin.pages.history.versions")}</h2>
      {history.versions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("admin.pages.history.none")}</p>
      ) : (
        <ConsoleTable
          testId="page-versions"
          rowTestId="page-version"
          columns={[
            { key: "version", label: t("admin.pages.history.version") },
            { key: "by", label: t("admin.pages.history.by") },
            { key: "edited", label: t("admin.pages.history.edited") },
            { key: "restore", label: t("admin.pages.history.restore") },
          ]}
          rows={history.versions}
          rowKey={(version) => version.id}
          cells={(version) => [
            <span key="version">{label(version)}</span>,
            <span key="by" className="grid">
              <span>{version.name ?? version.email ?? t("admin.pages.history.unknownPublisher")}</span>
              {version.name && version.email ? <span className="text-xs text-muted-foreground">{version.email}</span> : null}
            </span>,
            <span key="edited">{t("admin.pages.history.editedCount", { count: version.edited })}</span>,
            <ActionButton
              key="restore"
              intent="restore"
              schema={targetSchema}
              target={String(version.id)}
              fields={{ id: String(version.id) }}
              label={t("admin.pages.history.restoreAsDraft")}
              busyLabel={t("admin.actions.working")}
              confirm={t("admin.pages.history.confirmRestore")}
            />,
          ]}
        />
      )}
      {history.versions.length > 1 ? <CompareForm history={history} label={label} /> : null}
      {history.invalidChoice ? (
        <p role="status" className="mt-4 text-sm text-amber-300">
          {t("admin.pages.history.errors.noVersion")}
        </p>
      ) : null}
      {history.compared ? <VersionDiff compared={history.compared} versions={history.versions} /> : null}
    </>
  );
}

/** Which two versions to compare: a plain GET form (the address names them, so a comparison can be shared). */
function CompareForm({ history, label }: { history: PageHistoryData; label: (version: PageVersion) => string }) {
  const { t } = useTranslation();
  const options = history.versions.map((version) => [String(version.id), label(version)] as const);
  return (
    <Form
      method="get"
      key={`${history.compared?.older}-${history.compared?.newer}`}
      className="mt-8 flex flex-wrap items-end gap-3"
      aria-label={t("admin.pages.history.compare")}
    >
      <input type="hidden" name="language" value={history.language} />
      <ConsoleSelect
        id="compare-from"
        name="from"
        label={t("admin.pages.history.older")}
        value={String(history.compared?.older ?? "")}
        options={options}
      />
      <ConsoleSelect
        id="compare-to"
        name="to"
        label={t("admin.pages.history.newer")}
        value={String(history.compared?.newer ?? "")}
        options={options}
      />
      <Button type="submit" variant="outline">
        {t("admin.pages.history.compare")}
      </Button>
    </Form>
  );
}

function VersionDiff({ compared, versions }: { compared: NonNullable<PageHistoryData["compared"]>; versions: PageVersion[] }) {
  const { t } = useTranslation();
  const numberOf = (id: number) => versions.find((version) => version.id === id)?.number;
  const sides = {
    older: t("admin.pages.history.versionNumber", { number: numberOf(compared.older) }),
    newer: t("admin.pages.history.versionNumber", { number: numberOf(compared.newer) }),
  };
  const changed = compared.fields.filter((field) => field.changed);
  const unchanged = compared.fields.filter((field) => !field.changed);
  return (
    <section className="mt-6 space-y-4" aria-labelledby="version-diff-title" data-testid="version-diff">
      <h2 id="version-diff-title" className="text-lg font-semibold">
        {t("admin.pages.history.comparison", sides)}
      </h2>
      {changed.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("admin.pages.history.noChanges")}</p>
      ) : (
        <>
          <h3 className="text-sm font-medium">{t("admin.pages.history.changed", { count: changed.length })}</h3>
          <DiffTable fields={changed} sides={sides} testId="diff-changed" />
        </>
      )}
      {unchanged.length > 0 ? (
        <details className="rounded-md border border-border p-3">
          <summary className="cursor-pointer text-sm">{t("admin.pages.history.unchanged", { count: unchanged.length })}</summary>
          <div className="mt-3">
            <DiffTable fields={unchanged} sides={sides} testId="diff-unchanged" />
          </div>
        </details>
      ) : null}
    </section>
  );
}

function DiffTable({ fields, sides, testId }: { fields: FieldDiff[]; sides: { older: string; newer: string }; testId: string }) {
  const { t } = useTranslation();
  const text = (side: FieldDiff["older"], changed: boolean) => (
    <span className={changed ? "whitespace-pre-wrap" : "whitespace-pre-wrap text-muted-foreground"}>
      {side.isDefault ? <span className="mr-2 rounded bg-muted px-1.5 py-0.5 text-xs">{t("admin.pages.history.fileDefault")}</span> : null}
      {side.text}
    </span>
  );
  return (
    <ConsoleTable
      testId={testId}
      rowTestId="diff-field"
      columns={[
        { key: "field", label: t("admin.pages.history.field") },
        { key: "older", label: sides.older },
        { key: "newer", label: sides.newer },
      ]}
      rows={fields}
      rowKey={(field) => field.path}
      cells={(field) => [
        <code key="field" className="text-xs" data-changed={field.changed}>
          {field.path}
        </code>,
        <span key="older">{text(field.older, field.changed)}</span>,
        <span key="newer">{text(field.newer, field.changed)}</span>,
      ]}
    />
  );
}
