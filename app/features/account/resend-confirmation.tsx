import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "~/lib/use-translation";
import { FormError } from "~/components/form/form-error";
import { HydratedInput } from "~/components/form/hydrated-input";
import { SubmitButton } from "~/components/form/submit-button";
import { useIntentFetcher } from "~/components/form/use-intent-fetcher";
import type { FormAnswer } from "~/lib/form-submission";
import type { ResendOutcome } from "./account-notice.server";
import { ReturnToInput } from "./return-to-input";
import { cn } from "~/lib/utils";

/**
 * "Resend confirmation email" for an address waiting for confirmation (under the login form, and
 * in the "check your inbox" notice the shell shows). The address is a hidden field (the server checks it),
 * so no schema loads here; the answer stays in the box: 'Confirmation email sent! Check your inbox.'
 * With `returnHere` (the notice on any page) a post without JavaScript comes back to this page, and the
 * server hands the outcome over as `said`.
 */
/**
 * The refusal at the limit in the shell's own words: the notice shows on pages that do not load the
 * account texts, and a redirect (no JavaScript) cannot carry the action's answer.
 */
const LIMITED_KEY = "common.accountNotice.limited";
const inShellWords = (key: string) => (key.endsWith(".rateLimited") ? LIMITED_KEY : key);

export function ResendConfirmation({
  email,
  className,
  children,
  returnHere = false,
  said,
}: {
  email: string;
  className?: string;
  children?: ReactNode;
  /** The confirmation link comes back to this page (else to the page's `returnTo`, or `/`). */
  returnHere?: boolean;
  /** What the last resend did, when it was posted without JavaScript and came back here. */
  said?: ResendOutcome;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { fetcher, answer, busy } = useIntentFetcher<FormAnswer>("resend");
  const sent = answer ? answer.ok : said === "sent";
  const error =
    answer?.ok === false ? answer.result.error?.[""]?.map(inShellWords) : !answer && said === "limited" ? [LIMITED_KEY] : undefined;
  const formError = { errors: error ?? undefined, errorId: "resend-error" };
  return (
    <fetcher.Form method="post" action="/auth" className={cn("grid gap-2 text-sm", className)}>
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="email" value={email} />
      <ReturnToInput orHere={returnHere} />
      <HydratedInput />
      {returnHere ? <input type="hidden" name="back" value={pathname + search} /> : null}
      {children}
      {sent ? (
        <p role="status" className="font-medium text-primary">
          {t("common.accountNotice.resent")}
        </p>
      ) : null}
      <FormError form={formError} />
      <SubmitButton busy={busy} busyLabel={t("common.accountNotice.sending")} variant="outline" size="sm" className="justify-self-start">
        {t("common.accountNotice.resend")}
      </SubmitButton>
    </fetcher.Form>
  );
}
