import type { ReactNode } from "react";
import { Link } from "react-router";
import { LANGUAGE_LOCALES } from "~/lib/i18n";
import { useLanguage } from "~/lib/language";
import { useTranslation } from "~/lib/use-translation";
import type { SystemConsole } from "../system.server";
import { AdminHeading } from "./admin-shell";
import { ConsoleTable } from "./console-table";
import { useDateFormat } from "./use-date-format";

/** Sizes and ages in the console's language: "12.3 MB", "5 minutes". */
function useUnits() {
  const { language } = useLanguage();
  const locale = LANGUAGE_LOCALES[language];
  const unit = (value: number, name: string) =>
    new Intl.NumberFormat(locale, { style: "unit", unit: name, unitDisplay: "long", maximumFractionDigits: 1 }).format(value);
  return {
    bytes(value: number) {
      const units = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"];
      let index = 0;
      while (value >= 1000 && index < units.length - 1) {
        value /= 1000;
        index += 1;
      }
      return new Intl.NumberFormat(locale, { style: "unit", unit: units[index], maximumFractionDigits: 1 }).format(value);
    },
    age(seconds: number) {
      if (seconds < 120) return unit(seconds, "second");
      if (seconds < 2 * 3600) return unit(Math.floor(seconds / 60), "minute");
      if (seconds < 2 * 86400) return unit(Math.floor(seconds / 3600), "hour");
      return unit(Math.floor(seconds / 86400), "day");
    },
  };
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="mb-8" data-testid={testId}>
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid max-w-3xl grid-cols-[minmax(8rem,auto)_1fr] gap-x-6 gap-y-1 text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function SystemPage({ system }: { system: SystemConsole }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const { bytes, age } = useUnits();
  return (
    <>
      <AdminHeading title={t("admin.system.title")} />
      <Section title={t("admin.system.build.title")} testId="system-build">
        <Facts
          items={[
            [t("admin.system.build.version"), system.version],
            [t("admin.system.build.commit"), system.commit ?? t("admin.system.build.noCommit")],
            [t("admin.system.build.startedAt"), formatDate(system.startedAt)],
            [t("admin.system.sizes.database"), bytes(system.databaseBytes)],
            [
              t(system.storageKind === "s3" ? "admin.system.sizes.storageS3" : "admin.system.sizes.storage"),
              system.storageBytes === null ? t("admin.system.sizes.unknown") : bytes(system.storageBytes),
            ],
          ]}
        />
      </Section>
      <Section title={t("admin.system.processes.title")} testId="system-processes">
        <p className="mb-3 max-w-3xl text-sm text-muted-foreground">{t("admin.system.processes.intro")}</p>
        <ConsoleTable
          columns={[
            { key: "host", label: t("admin.system.processes.host") },
            { key: "pid", label: t("admin.system.processes.pid") },
            { key: "started", label: t("admin.system.processes.startedAt"), nowrap: true },
            { key: "connections", label: t("admin.system.processes.connections") },
          ]}
          rows={system.processes}
          rowKey={(row) => `${row.host}:${row.pid}`}
          rowTestId="system-process"
          cells={(row) => [
            row.current ? `${row.host} (${t("admin.system.processes.thisOne")})` : row.host,
            row.pid,
            formatDate(row.startedAt),
            row.connections,
          ]}
        />
      </Section>
      <Section title={t("admin.system.jobs.title")} testId="system-jobs">
        <p className="mb-3 max-w-3xl text-sm text-muted-foreground">{t("admin.system.jobs.intro")}</p>
        <ConsoleTable
          columns={[
            { key: "kind", label: t("admin.system.jobs.kind") },
            { key: "waiting", label: t("admin.system.jobs.waiting") },
            { key: "active", label: t("admin.system.jobs.active") },
            { key: "failed", label: t("admin.system.jobs.failed") },
            { key: "oldest", label: t("admin.system.jobs.oldest") },
          ]}
          rows={system.jobs}
          rowKey={(row) => row.kind}
          rowTestId="system-job"
          cells={(row) => [row.kind, row.waiting, row.active, row.failed, row.oldestWaitingS === null ? "—" : age(row.oldestWaitingS)]}
        />
      </Section>
      <Section title={t("admin.system.mail.title")} testId="system-mail">
        <Facts
          items={[
            [t("admin.system.mail.pending"), system.mail.pending],
            [t("admin.system.mail.failed"), system.mail.failed],
            [t("admin.system.mail.sent"), system.mail.sent],
          ]}
        />
      </Section>
      <Section title={t("admin.system.backup.title")} testId="system-backup">
        <Facts
          items={[
            [
              t("admin.system.backup.last"),
              system.backup.lastSuccess ? formatDate(system.backup.lastSuccess.finishedAt) : t("admin.system.backup.never"),
            ],
            ...(system.backup.lastAttempt?.error
              ? [
                  [
                    t("admin.system.backup.lastFailed"),
                    `${formatDate(system.backup.lastAttempt.finishedAt)}: ${system.backup.lastAttempt.error}`,
                  ] as [string, ReactNode],
                ]
              : []),
            [
              t("admin.system.backup.drill"),
              system.backup.lastDrill
                ? system.backup.lastDrill.error
                  ? t("admin.system.backup.drillFailed", {
                      date: formatDate(system.backup.lastDrill.finishedAt),
                      error: system.backup.lastDrill.error,
                    })
                  : t("admin.system.backup.drillPassed", { date: formatDate(system.backup.lastDrill.finishedAt) })
                : t("admin.system.backup.never"),
            ],
          ]}
        />
        <Link to="/admin/backups" className="mt-2 inline-block text-sm underline underline-offset-4">
          {t("admin.system.backup.manage")}
        </Link>
      </Section>
      <Section title={t("admin.system.errors.title")} testId="system-errors">
        <p className="mb-3 max-w-3xl text-sm text-muted-foreground">{t("admin.system.errors.intro")}</p>
        {system.errors.length === 0 ? (
          <p className="text-sm">{t("admin.system.errors.none")}</p>
        ) : (
          <ConsoleTable
            from="xl"
            columns={[
              { key: "time", label: t("admin.system.errors.time"), nowrap: true },
              { key: "request", label: t("admin.system.errors.requestId"), nowrap: true },
              { key: "process", label: t("admin.system.errors.process") },
              { key: "message", label: t("admin.system.errors.message") },
            ]}
            rows={system.errors}
            rowKey={(row) => row.id}
            rowTestId="system-error"
            cells={(row) => [
              formatDate(row.occurredAt),
              row.requestId ? <code>{row.requestId}</code> : t("admin.system.errors.noRequest"),
              row.process,
              row.message,
            ]}
          />
        )}
      </Section>
    </>
  );
}
