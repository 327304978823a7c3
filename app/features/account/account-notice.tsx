import { CheckCircle2, MailCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { AccountNotice } from "./account-notice.server";
import { ResendConfirmation } from "./resend-confirmation";

/**
 * The lasting notice on `/` about the visitor's own account (account-notice.server.ts): after
 * sign-up "check your inbox" with a resend button, after the confirmation link "your address is
 * confirmed". It stays until it is no longer true, unlike a toast.
 */
export function AccountNoticeBanner({ notice }: { notice: AccountNotice | null }) {
  const { t } = useTranslation();
  if (!notice) return null;
  const pending = notice.kind === "pending";
  const Icon = pending ? MailCheck : CheckCircle2;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-6 sm:px-6">
      <section
        role="status"
        aria-labelledby="account-notice-title"
        data-testid="account-notice"
        className="flex gap-3 rounded-lg border border-primary/40 bg-primary/10 p-4 sm:p-5"
      >
        <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <div className="grid min-w-0 gap-1">
          <h2 id="account-notice-title" className="font-semibold">
            {t(pending ? "common.accountNotice.createdTitle" : "common.accountNotice.confirmedTitle")}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t(pending ? "common.accountNotice.checkInbox" : "common.accountNotice.confirmedText")}
          </p>
          {notice.kind === "pending" ? (
            <ResendConfirmation email={notice.email} className="mt-2">
              <p className="break-words text-muted-foreground">{t("common.accountNotice.pendingHint", { email: notice.email })}</p>
            </ResendConfirmation>
          ) : null}
        </div>
      </section>
    </div>
  );
}
