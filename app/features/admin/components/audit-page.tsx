import { useTranslation } from "~/lib/use-translation";
import { auditActionLabel, auditFieldLabel } from "../audit-labels";
import { useLanguage } from "~/lib/language";
import { LANGUAGE_LOCALES } from "~/lib/i18n";
import type { AuditFilters } from "../audit.server";
import { AdminHeading } from "./admin-shell";
import { ConsoleSearch, ConsoleSelect } from "./console-search";
import { Field } from "./field";
import { Pager } from "./pager";

interface Entry {
  id: number;
  at: string;
  actorEmail: string;
  action: string;
  entity: string;
  entityId: string | null;
  summary: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
}

function show(value: unknown) {
  if (value === null || value === undefined || value === "") return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}

export function AuditPage({
  entries,
  entities,
  filters,
  hasMore,
}: {
  entries: Entry[];
  entities: string[];
  filters: AuditFilters;
  hasMore: boolean;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const format = new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
  return (
    <>
      <AdminHeading title={t("admin.audit.title")} />
      <ConsoleSearch
        keys="admin.audit"
        labelKey="admin.audit.filter"
        query={filters.q}
        className="mb-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-5"
        submitClassName="justify-self-start sm:col-span-2 lg:col-span-5"
      >
        <ConsoleSelect
          id="audit-entity"
          name="entity"
          label={t("admin.audit.entity")}
          value={filters.entity}
          options={[
            ["", t("admin.audit.allEntities")],
            ...entities.map((entity) => [entity, t(`admin.audit.entities.${entity}`, { defaultValue: entity })] as const),
          ]}
        />
        <Field name="actor" label={t("admin.audit.actor")} defaultValue={filters.actor} />
        {(["from", "to"] as const).map((name) => (
          <Field
            key={name}
            name={name}
            label={t(`admin.audit.${name}`)}
            defaultValue={filters[name]}
            type="date"
            error={filters.invalid.includes(name) ? "admin.audit.invalidDate" : undefined}
          />
        ))}
      </ConsoleSearch>
      {entries.length === 0 ? (
        <p className="text-muted-foreground">{t("admin.audit.empty")}</p>
      ) : (
        <ol className="space-y-3" data-testid="audit-entries">
          {entries.map((entry) => (
            <li key={entry.id} className="rounded-lg border border-border bg-card p-4" data-testid="audit-entry">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
                <time dateTime={entry.at} className="text-muted-foreground">
                  {format.format(new Date(entry.at))} UTC
                </time>
                <span className="font-medium">{entry.actorEmail}</span>
                <span className="rounded bg-muted px-2 py-0.5 text-xs" title={entry.action} data-action={entry.action}>
                  {auditActionLabel(t, entry.action)}
                </span>
                {entry.summary ? <span className="break-all">{entry.summary}</span> : null}
              </div>
              {Object.keys(entry.changes).length > 0 ? (
                <div className="mt-3 overflow-x-auto">
                  <table className="w-full text-left text-sm">
                    <thead className="text-muted-foreground">
                      <tr>
                        <th scope="col" className="py-1 pr-4 font-medium">
                          {t("admin.audit.field")}
                        </th>
                        <th scope="col" className="py-1 pr-4 font-medium">
                          {t("admin.audit.before")}
                        </th>
                        <th scope="col" className="py-1 font-medium">
                          {t("admin.audit.after")}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {Object.entries(entry.changes).map(([field, change]) => (
                        <tr key={field} className="border-t border-border align-top">
                          <th scope="row" className="py-1 pr-4 font-normal" title={field}>
                            {auditFieldLabel(t, field, entry.entity)}
                          </th>
                          <td className="max-w-xs break-words py-1 pr-4 text-muted-foreground">{show(change.before)}</td>
                          <td className="max-w-xs break-words py-1">{show(change.after)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <Pager page={filters.page} hasMore={hasMore} />
    </>
  );
}
