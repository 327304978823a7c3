import { Link } from "react-router";
import { IntentForm, SelectField, SubmitButton, TextField } from "~/components/form";
import { AdminHeading } from "./admin-shell";
import { FormOutcome, useConsoleForm } from "./console-form";
import { ConsoleTable } from "./console-table";
import { useDateFormat } from "./use-date-format";
import { useTranslation } from "~/lib/use-translation";
import type { DnsRecord } from "~/features/newsletter/dns-records.server";
import { createIssueSchema } from "../schemas/newsletter-issue-schema";

export interface IssueListRow {
  id: string;
  slug: string;
  status: string;
  subject: string;
  languages: string[];
  sendAt: string | null;
  finishedAt: string | null;
}

/** /admin/newsletter/issues: the issues, a new one, and the DNS records that make the mails trusted (ADR 0067). */
export function IssuesPage({
  issues,
  dns,
  posts,
}: {
  issues: IssueListRow[];
  /** News posts an issue can start from. */
  posts: { id: string; title: string }[];
  dns: { domain: string | undefined; records: DnsRecord[]; dkimConfigured: boolean; dkimKeyReadable: boolean };
}) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const kit = useConsoleForm("create", { schema: createIssueSchema });
  return (
    <>
      <AdminHeading title={t("admin.newsletterIssues.title")} back={{ to: "/admin/newsletter", label: t("admin.newsletterIssues.back") }} />
      <p className="mb-4 max-w-3xl text-sm text-muted-foreground">{t("admin.newsletterIssues.intro")}</p>
      <IntentForm kit={kit} className="mb-6 grid max-w-xl gap-3">
        <TextField field={kit.fields.slug!} label={t("admin.newsletterIssues.slug")} description={t("admin.newsletterIssues.slugHelp")} />
        {posts.length > 0 ? (
          <SelectField
            field={kit.fields.postId!}
            label={t("admin.newsletterIssues.fromPost")}
            options={[
              { value: "", label: t("admin.newsletterIssues.blankIssue") },
              ...posts.map((post) => ({ value: post.id, label: post.title })),
            ]}
          />
        ) : null}
        <FormOutcome kit={kit} />
        <SubmitButton busy={kit.busy} busyLabel={t("admin.actions.saving")} className="justify-self-start">
          {t("admin.newsletterIssues.create")}
        </SubmitButton>
      </IntentForm>
      {issues.length === 0 ? (
        <p className="mb-6 text-sm text-muted-foreground">{t("admin.newsletterIssues.empty")}</p>
      ) : (
        <div className="mb-8">
          <ConsoleTable
            columns={[
              { key: "slug", label: t("admin.newsletterIssues.columns.issue") },
              { key: "status", label: t("admin.newsletterIssues.columns.status") },
              { key: "languages", label: t("admin.newsletterIssues.columns.languages") },
              { key: "sendAt", label: t("admin.newsletterIssues.columns.sendAt") },
            ]}
            rows={issues}
            rowKey={(issue) => issue.id}
            rowTestId="newsletter-issue"
            cells={(issue) => [
              <Link key="slug" to={`/admin/newsletter/issues/${issue.id}`} className="text-primary underline underline-offset-2">
                {issue.subject || issue.slug}
              </Link>,
              t(`admin.newsletterIssues.statuses.${issue.status}`),
              issue.languages.map((language) => language.toUpperCase()).join(", ") || "—",
              date(issue.finishedAt ?? issue.sendAt),
            ]}
          />
        </div>
      )}
      <section aria-labelledby="dns-title" className="max-w-4xl space-y-2 rounded-md border border-border p-4 text-sm">
        <h2 id="dns-title" className="font-medium">
          {t("admin.newsletterIssues.dns.title")}
        </h2>
        <p className="text-muted-foreground">{t("admin.newsletterIssues.dns.intro", { domain: dns.domain ?? "—" })}</p>
        {!dns.dkimConfigured ? <p className="text-muted-foreground">{t("admin.newsletterIssues.dns.noDkim")}</p> : null}
        {dns.dkimConfigured && !dns.dkimKeyReadable ? <p className="text-destructive">{t("admin.newsletterIssues.dns.badKey")}</p> : null}
        <dl className="grid gap-3" data-testid="dns-records">
          {dns.records.map((record) => (
            <div key={record.kind} className="grid gap-1">
              <dt className="font-medium">
                {record.kind}: <code>{record.name}</code> TXT
              </dt>
              <dd>
                <code className="block rounded bg-muted px-2 py-1 break-all">{record.value}</code>
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
