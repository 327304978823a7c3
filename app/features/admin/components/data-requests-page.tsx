import { Download, Eraser } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { AddressFindings } from "~/features/privacy/data-requests.server";
import { useTranslation } from "~/lib/use-translation";
import { dataRequestSchema } from "../schemas/privacy-schemas";
import { AdminHeading } from "./admin-shell";
import { ActionButton } from "./console-form";
import { Field } from "./field";
import { useDateFormat } from "./use-date-format";

interface HandledRequest {
  id: string;
  kind: "export" | "erasure";
  handledAt: string;
  handledByEmail: string;
  counts: Record<string, number>;
}

/**
 * /admin/data-requests (ADR 0084): look an address up, see what the site holds for it, download
 * the export or erase it; below, the requests handled so far (without the addresses).
 */
export function DataRequestsPage({
  email,
  problem,
  findings,
  requests,
}: {
  email: string;
  problem: string | null;
  findings: AddressFindings | null;
  requests: HandledRequest[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <AdminHeading title={t("admin.dataRequests.title")} />
      <p className="mb-4 max-w-3xl text-sm text-muted-foreground">{t("admin.dataRequests.intro")}</p>
      <Form method="get" role="search" aria-label={t("admin.dataRequests.lookupLabel")} className="mb-8 flex flex-wrap items-end gap-3">
        <Field
          name="email"
          type="email"
          autoComplete="off"
          label={t("admin.dataRequests.email")}
          defaultValue={email}
          error={problem ?? undefined}
          className="min-w-0 flex-1 space-y-1.5 sm:max-w-md"
        />
        <Button type="submit">{t("admin.dataRequests.lookUp")}</Button>
      </Form>
      {findings ? <Findings findings={findings} /> : null}
      <HandledList requests={requests} />
    </>
  );
}

function Findings({ findings }: { findings: AddressFindings }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const none = <span className="text-muted-foreground">{t("admin.dataRequests.none")}</span>;
  const list = (items: string[]) =>
    items.length === 0 ? (
      none
    ) : (
      <ul className="list-disc space-y-1 pl-5">
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    );
  const { account } = findings;
  return (
    <section
      aria-labelledby="findings-title"
      className="mb-10 rounded-lg border border-border p-4 sm:p-6"
      data-testid="data-request-findings"
    >
      <h2 id="findings-title" className="mb-4 text-lg font-semibold [overflow-wrap:anywhere]">
        {t("admin.dataRequests.findingsTitle", { email: findings.email })}
      </h2>
      {findings.handled.map((request) => (
        <p key={request.handledAt} className="mb-3 rounded-md bg-muted p-3 text-sm">
          {t(`admin.dataRequests.handledBefore.${request.kind}`, { date: date(request.handledAt), by: request.handledByEmail })}
        </p>
      ))}
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[14rem_1fr]">
        <Row label={t("admin.dataRequests.kinds.account")}>
          {account ? (
            <>
              {t(account.verified ? "admin.dataRequests.accountConfirmed" : "admin.dataRequests.accountUnconfirmed", {
                name: account.name,
                date: date(account.createdAt),
              })}{" "}
              {account.role ? t(`admin.roles.${account.role}`) : null}{" "}
              <Link to={`/admin/members/${account.id}`} className="inline-block py-2 text-primary underline">
                {t("admin.dataRequests.openMember")}
              </Link>
            </>
          ) : (
            none
          )}
        </Row>
        <Row label={t("admin.dataRequests.kinds.contactMessages")}>
          {findings.contactMessages.length === 0 ? (
            none
          ) : (
            <ul className="space-y-1">
              {findings.contactMessages.map((message) => (
                <li key={message.id}>
                  <Link to={`/admin/inbox/${message.id}`} className="inline-block py-2 text-primary underline">
                    {message.subject}
                  </Link>{" "}
                  <span className="text-muted-foreground">
                    {date(message.createdAt)} · {t("admin.inbox.replies", { count: message.replies })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Row>
        <Row label={t("admin.dataRequests.kinds.newsletterConsents")}>
          {list(
            findings.newsletterConsents.map(
              (consent) =>
                `${t(`admin.dataRequests.consentStates.${consent.status}`)} · ${date(consent.requestedAt)} · ${consent.language.toUpperCase()}`,
            ),
          )}
        </Row>
        <Row label={t("admin.dataRequests.kinds.launchSignups")}>
          {list(
            findings.launchSignups.map(
              (signup) =>
                `${t(`admin.launches.topics.${signup.topic}`)} · ${date(signup.createdAt)} · ${t(signup.confirmed ? "admin.dataRequests.confirmed" : "admin.launches.pending")}`,
            ),
          )}
        </Row>
        <Row label={t("admin.dataRequests.kinds.mails")}>
          {list(findings.mails.map((mail) => `${mail.subject} · ${date(mail.createdAt)} · ${t(`admin.outbox.states.${mail.status}`)}`))}
        </Row>
        <Row label={t("admin.dataRequests.kinds.newsletter")}>
          {t("admin.dataRequests.newsletterCounts", {
            deliveries: findings.newsletterDeliveries,
            bounces: findings.newsletterBounces,
          })}
          {findings.suppressed ? ` ${t("admin.dataRequests.suppressed")}` : ""}
        </Row>
        <Row label={t("admin.dataRequests.kinds.invitations")}>{findings.invitations || none}</Row>
        <Row label={t("admin.dataRequests.kinds.auditMentions")}>{findings.auditMentions || none}</Row>
      </dl>
      <div className="mt-6 flex flex-wrap items-start gap-3">
        <form method="post" action="/admin/data-requests/export">
          <input type="hidden" name="email" value={findings.email} />
          <Button type="submit" variant="outline" size="sm" data-testid="data-request-export">
            <Download aria-hidden="true" />
            {t("admin.dataRequests.export")}
          </Button>
        </form>
        <ActionButton
          intent="erase"
          schema={dataRequestSchema}
          fields={{ email: findings.email }}
          variant="destructive"
          icon={<Eraser aria-hidden="true" />}
          label={t("admin.dataRequests.erase")}
          busyLabel={t("admin.dataRequests.erasing")}
          confirm={t("admin.dataRequests.confirmErase", { email: findings.email })}
        />
      </div>
      <p className="mt-3 max-w-3xl text-xs text-muted-foreground">{t("admin.dataRequests.eraseNote")}</p>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </>
  );
}

function HandledList({ requests }: { requests: HandledRequest[] }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const summary = (counts: Record<string, number>) => {
    const parts = Object.entries(counts)
      .filter(([, count]) => count > 0)
      .map(([key, count]) => `${t(`admin.dataRequests.kinds.${key}`)}: ${count}`);
    return parts.length ? parts.join(", ") : t("admin.dataRequests.nothingHeld");
  };
  return (
    <section aria-labelledby="handled-title">
      <h2 id="handled-title" className="mb-1 text-lg font-semibold">
        {t("admin.dataRequests.handledTitle")}
      </h2>
      <p className="mb-3 max-w-3xl text-sm text-muted-foreground">{t("admin.dataRequests.handledIntro")}</p>
      {requests.length === 0 ? (
        <p className="text-sm">{t("admin.dataRequests.handledEmpty")}</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border text-sm" data-testid="data-request-handled">
          {requests.map((request) => (
            <li key={request.id} className="grid gap-1 p-3 sm:grid-cols-[10rem_8rem_1fr]">
              <span className="whitespace-nowrap">{date(request.handledAt)}</span>
              <span className="font-medium">{t(`admin.dataRequests.requestKinds.${request.kind}`)}</span>
              <span className="[overflow-wrap:anywhere]">
                {summary(request.counts)} · {t("admin.dataRequests.by", { email: request.handledByEmail })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
