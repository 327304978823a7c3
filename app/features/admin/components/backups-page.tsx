import { IntentForm, SelectField, SubmitButton, SwitchField, TextField } from "~/components/form";
import { LANGUAGE_LOCALES } from "~/lib/i18n";
import { useLanguage } from "~/lib/language";
import { useTranslation } from "~/lib/use-translation";
import { backupScheduleSchema, backupTargetSchema } from "../schemas/backup-schema";
import { AdminHeading } from "./admin-shell";
import { ActionButton, FormOutcome, useConsoleForm } from "./console-form";
import { ConsoleTable } from "./console-table";
import { useDateFormat } from "./use-date-format";

export interface BackupRow {
  id: number;
  startedAt: string;
  finishedAt: string;
  file: string | null;
  location: string | null;
  sizeBytes: number | null;
  tables: number | null;
  rows: number | null;
  files: number | null;
  encrypted: boolean | null;
  error: string | null;
  removed: boolean;
  downloadable: boolean;
  drill: { ok: boolean; error: string | null; finishedAt: string } | null;
}

interface BackupsPageProps {
  backups: BackupRow[];
  settings: { daily: boolean; hour: number; keep: number };
  folder: string;
  encrypted: boolean;
}

function megabytes(bytes: number | null, language: string) {
  if (bytes === null) return "";
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} MB`;
}

/** /admin/backups (ADR 0071): back up now, the daily schedule, the list with each backup's drill, how to restore. */
export function BackupsPage({ backups, settings, folder, encrypted }: BackupsPageProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const date = useDateFormat();
  const newest = backups.find((backup) => !backup.error && !backup.removed);
  return (
    <>
      <AdminHeading title={t("admin.backups.title")}>
        <ActionButton intent="backupNow" label={t("admin.backups.now")} busyLabel={t("admin.backups.starting")} />
      </AdminHeading>
      <p className="mb-4 max-w-3xl text-sm text-muted-foreground">{t("admin.backups.intro", { folder })}</p>
      {encrypted ? null : (
        <div role="note" className="mb-4 max-w-3xl rounded-md border border-amber-500/60 bg-amber-500/10 px-4 py-3 text-sm">
          <p className="font-semibold">{t("admin.backups.notEncrypted.title")}</p>
          <p className="text-muted-foreground">{t("admin.backups.notEncrypted.todo")}</p>
        </div>
      )}
      <ScheduleForm settings={settings} />
      <h2 className="mb-2 mt-8 text-lg font-semibold">{t("admin.backups.listTitle")}</h2>
      {backups.length === 0 ? (
        <p className="text-sm">{t("admin.backups.empty")}</p>
      ) : (
        <ConsoleTable
          from="xl"
          columns={[
            { key: "started", label: t("admin.backups.columns.started"), nowrap: true },
            { key: "file", label: t("admin.backups.columns.file") },
            { key: "size", label: t("admin.backups.columns.size"), nowrap: true },
            { key: "contents", label: t("admin.backups.columns.contents") },
            { key: "drill", label: t("admin.backups.columns.drill") },
            { key: "actions", label: t("admin.backups.columns.actions") },
          ]}
          rows={backups}
          rowKey={(backup) => String(backup.id)}
          rowHeader={0}
          rowTestId="backup"
          cells={(backup) => [
            date(backup.startedAt),
            backup.error ? (
              <span className="text-destructive">{t("admin.backups.failed", { error: backup.error })}</span>
            ) : (
              <span className="break-all">
                {backup.file}
                {backup.removed ? <span className="block text-muted-foreground">{t("admin.backups.removed")}</span> : null}
              </span>
            ),
            megabytes(backup.sizeBytes, LANGUAGE_LOCALES[language]),
            backup.error
              ? ""
              : t("admin.backups.contents", {
                  tables: backup.tables ?? 0,
                  rows: backup.rows ?? 0,
                  files: backup.files ?? 0,
                }) + (backup.encrypted ? ` · ${t("admin.backups.encrypted")}` : ""),
            backup.drill ? (
              backup.drill.ok ? (
                <span>{t("admin.backups.drillPassed", { date: date(backup.drill.finishedAt) })}</span>
              ) : (
                <span className="text-destructive">{t("admin.backups.drillFailed", { error: backup.drill.error ?? "" })}</span>
              )
            ) : (
              <span className="text-muted-foreground">{t("admin.backups.drillNone")}</span>
            ),
            backup.error || backup.removed ? null : (
              <div className="flex flex-wrap gap-2">
                {backup.downloadable ? (
                  <a
                    href={`/admin/backups/${backup.id}/file`}
                    download
                    className="inline-flex h-9 items-center rounded-md border border-input px-3 text-sm font-medium hover:bg-muted"
                  >
                    {t("admin.backups.download")}
                  </a>
                ) : null}
                <ActionButton
                  intent="drill"
                  schema={backupTargetSchema}
                  target={String(backup.id)}
                  fields={{ id: String(backup.id) }}
                  label={t("admin.backups.drill")}
                  busyLabel={t("admin.backups.drillStarting")}
                />
              </div>
            ),
          ]}
        />
      )}
      <h2 className="mb-2 mt-8 text-lg font-semibold">{t("admin.backups.restoreTitle")}</h2>
      <p className="max-w-3xl text-sm text-muted-foreground">{t("admin.backups.restoreText")}</p>
      <pre className="mt-2 max-w-3xl overflow-x-auto rounded-md bg-muted px-3 py-2 text-sm">
        <code>npm run backup -- restore {newest?.location ?? `${folder}/…`}</code>
      </pre>
    </>
  );
}

function ScheduleForm({ settings }: { settings: BackupsPageProps["settings"] }) {
  const { t } = useTranslation();
  const kit = useConsoleForm("schedule", {
    schema: backupScheduleSchema,
    defaultValue: { daily: settings.daily ? "on" : undefined, hour: String(settings.hour), keep: String(settings.keep) },
  });
  const hours = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: `${String(hour).padStart(2, "0")}:00` }));
  return (
    <section aria-labelledby="backup-schedule-title" className="max-w-3xl rounded-md border border-border p-4">
      <h2 id="backup-schedule-title" className="mb-3 text-lg font-semibold">
        {t("admin.backups.scheduleTitle")}
      </h2>
      <IntentForm kit={kit} className="grid gap-4">
        <SwitchField field={kit.fields.daily!} label={t("admin.backups.daily")} description={t("admin.backups.dailyHint")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField field={kit.fields.hour!} label={t("admin.backups.hour")} options={hours} />
          <TextField
            field={kit.fields.keep!}
            inputMode="numeric"
            pattern="[0-9]*"
            label={t("admin.backups.keep")}
            description={t("admin.backups.keepHint")}
          />
        </div>
        <FormOutcome kit={kit} />
        <SubmitButton busy={kit.busy} busyLabel={t("admin.actions.saving")} className="justify-self-start">
          {t("admin.actions.save")}
        </SubmitButton>
      </IntentForm>
    </section>
  );
}
