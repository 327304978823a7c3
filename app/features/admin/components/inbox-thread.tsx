import { useTranslation } from "~/lib/use-translation";
import { LANGUAGE_LOCALES } from "~/lib/i18n";
import { useLanguage } from "~/lib/language";
import { ReplyForm } from "../forms/reply-form";
import { handledSchema } from "../schemas/console-schemas";
import { AdminHeading } from "./admin-shell";
import { ActionButton, DeleteButton } from "./console-form";

interface Thread {
  message: {
    id: string;
    name: string;
    email: string;
    subject: string;
    message: string;
    language: string;
    createdAt: string;
    isHandled: boolean;
  };
  replies: Array<{
    id: string;
    authorEmail: string;
    body: string;
    createdAt: string;
    /** The mail's state; null once the sent-mail retention removed its record. */
    delivery: "pending" | "sent" | "failed" | null;
    lastError: string | null;
  }>;
}

/** Where a reply's mail is: queued, sent, or failed with the reason and the way to the outbox. */
function ReplyDelivery({ reply }: { reply: Thread["replies"][number] }) {
  const { t } = useTranslation();
  if (!reply.delivery) return null;
  const tone = reply.delivery === "failed" ? "text-destructive" : "text-muted-foreground";
  return (
    <p className={`mt-2 text-xs ${tone}`} data-testid="reply-delivery">
      {t(`admin.inbox.delivery.${reply.delivery}`)}
      {reply.delivery === "failed" && (
        <>
          {reply.lastError ? `: ${reply.lastError}` : ""}{" "}
          <a href="/admin/outbox?state=failed" className="underline underline-offset-2">
            {t("admin.inbox.delivery.toOutbox")}
          </a>
        </>
      )}
    </p>
  );
}

export function InboxThread({ thread }: { thread: Thread }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const format = new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], { dateStyle: "medium", timeStyle: "short" });
  const { message, replies } = thread;
  return (
    <>
      <AdminHeading back={{ to: "/admin/inbox", label: t("admin.inbox.back") }} title={message.subject}>
        <ActionButton
          intent="handled"
          schema={handledSchema}
          fields={{ handled: String(!message.isHandled) }}
          label={message.isHandled ? t("admin.inbox.reopen") : t("admin.inbox.markHandled")}
          busyLabel={t("admin.actions.saving")}
        />
        <ActionButton intent="unread" label={t("admin.inbox.markUnread")} />
        <DeleteButton label={t("admin.inbox.delete")} confirm={t("admin.inbox.confirmDelete")} />
      </AdminHeading>
      <article className="rounded-lg border border-border bg-card p-4 sm:p-6" data-testid="inbox-message">
        <p className="text-sm">
          <span className="font-semibold">{message.name}</span>{" "}
          <a href={`mailto:${message.email}`} className="text-primary underline underline-offset-2">
            {message.email}
          </a>
        </p>
        <p className="mt-1 text-xs text-muted-foreground">
          <time dateTime={message.createdAt}>{format.format(new Date(message.createdAt))}</time> ·{" "}
          {t("admin.inbox.language", { language: message.language })}
          {message.isHandled ? ` · ${t("admin.inbox.handled")}` : ""}
        </p>
        <p className="mt-4 whitespace-pre-wrap break-words">{message.message}</p>
      </article>
      {replies.length > 0 ? (
        <section aria-labelledby="replies-title" className="mt-6">
          <h2 id="replies-title" className="mb-3 text-lg font-semibold">
            {t("admin.inbox.repliesTitle")}
          </h2>
          <ol className="space-y-3">
            {replies.map((reply) => (
              <li key={reply.id} className="rounded-lg border border-primary/40 bg-primary/5 p-4" data-testid="inbox-reply">
                <p className="text-xs text-muted-foreground">
                  {reply.authorEmail} · <time dateTime={reply.createdAt}>{format.format(new Date(reply.createdAt))}</time>
                </p>
                <p className="mt-2 whitespace-pre-wrap break-words">{reply.body}</p>
                <ReplyDelivery reply={reply} />
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <section aria-labelledby="reply-title" className="mt-6">
        <h2 id="reply-title" className="mb-3 text-lg font-semibold">
          {t("admin.inbox.replyTitle", { email: message.email })}
        </h2>
        <ReplyForm />
      </section>
    </>
  );
}
