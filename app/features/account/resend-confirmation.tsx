import type { ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { FormError } from "~/components/form/form-error";
import { SubmitButton } from "~/components/form/submit-button";
import { useIntentFetcher } from "~/components/form/use-intent-fetcher";
import type { FormAnswer } from "~/lib/form-submission";
import { ReturnToInput } from "./return-to-input";
import { cn } from "~/lib/utils";

/**
 * "Resend confirmation email" for an address waiting for confirmation (under the login form, and
 * in the "check your inbox" notice the shell shows). The address is a hidden field (the server checks it),
 * so no schema loads here; the answer stays in the box: 'Confirmation email sent! Check your inbox.'
 */
export function ResendConfirmation({
  email,
  className,
  children,
  returnHere = false,
}: {
  email: string;
  className?: string;
  children?: ReactNode;
  /** The confirmation link comes back to this page (else to the page's `returnTo`, or `/`). */
  returnHere?: boolean;
}) {
  const { t } = useTranslation();
  const { fetcher, answer, busy } = useIntentFetcher<FormAnswer>("resend");
  const formError = { errors: answer?.ok === false ? (answer.result.error?.[""] ?? undefined) : undefined, errorId: "resend-error" };
  return (
    <fetcher.Form method="post" action="/auth" className={cn("grid gap-2 text-sm", className)}>
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="email" value={email} />
      <ReturnToInput orHere={returnHere} />
      {children}
      {answer?.ok ? (
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
