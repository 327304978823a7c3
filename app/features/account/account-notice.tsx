import { CheckCircle2, MailCheck, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { useFetcher, useLocation } from "react-router";
import { HydratedInput } from "~/components/form/hydrated-input";
import type { AccountNotice } from "./account-notice.server";
import { ResendConfirmation } from "./resend-confirmation";
import { ReturnToInput } from "./return-to-input";

/**
 * The lasting notice about the visitor's own account (account-notice.server.ts), shown by the
 * shell on the page the visitor lands on: after sign-up "check your inbox" with a resend button,
 * after the confirmation link "your address is confirmed". Unlike a toast it stays: "pending" until
 * the address is confirmed or the visitor closes it; "confirmed" while the visitor stays on the page
 * the link returned to (the server says it once), or until closed. Not on /auth, which says it itself.
 */
export function AccountNoticeBanner({
  notice,
  placement = "page",
}: {
  notice: AccountNotice | null | undefined;
  /** "dialog": the same notice inside a dialog the visitor returns to (a gated download's item), without its close button. */
  placement?: "page" | "dialog";
}) {
  const shown = useShownNotice(notice ?? null);
  if (!shown.notice) return null;
  if (placement === "dialog") return <NoticeBox notice={shown.notice} testId="account-notice-in-dialog" />;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-6 sm:px-6">
      <NoticeBox notice={shown.notice} testId="account-notice" close={<DismissButton onDismiss={shown.dismiss} />} />
    </div>
  );
}

function useShownNotice(notice: AccountNotice | null) {
  const { pathname } = useLocation();
  // "confirmed" comes once; keep it while the visitor stays on that page (later loads say nothing).
  const [confirmedOn, setConfirmedOn] = useState(notice?.kind === "confirmed" ? pathname : null);
  if (notice?.kind === "confirmed" && confirmedOn !== pathname) setConfirmedOn(pathname);
  const [dismissed, setDismissed] = useState<AccountNotice | null>(null);
  const current: AccountNotice | null = notice ?? (confirmedOn === pathname ? { kind: "confirmed" } : null);
  const isDismissed = current !== null && dismissed !== null && JSON.stringify(current) === JSON.stringify(dismissed);
  const dismiss = () => {
    setDismissed(current);
    setConfirmedOn(null);
  };
  return { notice: pathname === "/auth" || isDismissed ? null : current, dismiss };
}

function NoticeBox({ notice, testId, close }: { notice: AccountNotice; testId: string; close?: ReactNode }) {
  const { t } = useTranslation();
  const titleId = useId();
  const pending = notice.kind === "pending";
  const Icon = pending ? MailCheck : CheckCircle2;
  // In a dialog the title is not a heading of the page.
  const Title = close ? "h2" : "p";
  return (
    <section
      role="status"
      aria-labelledby={titleId}
      data-testid={testId}
      className="flex gap-3 rounded-lg border border-primary/40 bg-primary/10 p-4 sm:p-5"
    >
      <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
      <div className="grid min-w-0 flex-1 gap-1">
        <Title id={titleId} className="font-semibold">
          {t(pending ? "common.accountNotice.createdTitle" : "common.accountNotice.confirmedTitle")}
        </Title>
        <p className="text-sm text-muted-foreground">
          {t(pending ? "common.accountNotice.checkInbox" : "common.accountNotice.confirmedText")}
        </p>
        {notice.kind === "pending" ? (
          <ResendConfirmation email={notice.email} className="mt-2" returnHere said={notice.resent}>
            <p className="break-words text-muted-foreground">{t("common.accountNotice.pendingHint", { email: notice.email })}</p>
          </ResendConfirmation>
        ) : null}
      </div>
      {close}
    </section>
  );
}

/**
 * Closes the notice: the cookie goes (without JavaScript the post comes back to this page). With
 * JavaScript the notice goes once the server has answered, not at the press: a visitor who reloads or
 * leaves at once would otherwise abort the request and find the notice back on the next page.
 */
function DismissButton({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ ok?: boolean }>({ key: "dismissNotice" });
  const sent = useRef(false);
  const closed = fetcher.state === "idle" && fetcher.data?.ok === true;
  useEffect(() => {
    if (!closed || !sent.current) return;
    sent.current = false;
    onDismiss();
  }, [closed, onDismiss]);
  return (
    <fetcher.Form
      method="post"
      action="/auth"
      className="-mr-1 -mt-1 shrink-0"
      onSubmit={() => {
        sent.current = true;
      }}
    >
      <input type="hidden" name="intent" value="dismissNotice" />
      <HydratedInput />
      <ReturnToInput orHere />
      <button
        type="submit"
        className="inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-primary/15 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        aria-label={t("common.accountNotice.dismiss")}
        title={t("common.accountNotice.dismiss")}
      >
        <X className="size-4" aria-hidden />
      </button>
    </fetcher.Form>
  );
}
