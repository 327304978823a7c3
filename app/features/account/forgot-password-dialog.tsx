import { useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { FormError, IntentForm, SubmitButton, useIntentForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { EMAIL_MAX } from "~/lib/field-limits";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { EmailField } from "./account-fields";
import type { AuthAnswer } from "./auth-actions.server";
import { useAccountFormRules } from "./account-form-rules";

/** "Forgot password?": a dialog that closes (and clears) on success, the toast says the mail is sent. */
export function ForgotPasswordDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="link" size="sm">
          {t("auth.forgot.link")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("auth.close")}>
        <DialogHeader>
          <DialogTitle>{t("auth.forgot.title")}</DialogTitle>
          <DialogDescription>{t("auth.forgot.description")}</DialogDescription>
        </DialogHeader>
        <ForgotPasswordForm onSent={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ForgotPasswordForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  // Only this dialog's own answers: a post without JavaScript is answered by ForgotPasswordNoScript.
  const rules = useAccountFormRules("forgotSchema");
  const kit = useIntentForm<AuthAnswer>("forgot", { ...rules.options, onSuccess: onSent, ownAnswersOnly: true });
  return (
    <IntentForm kit={kit} onFocus={rules.prepare} className="grid gap-4">
      <EmailField field={kit.fields.email} id="forgot-email" />
      <FormError form={kit.form} />
      <SubmitButton busy={kit.busy} busyLabel={t("auth.busy.sending")}>
        {t("auth.actions.sendReset")}
      </SubmitButton>
    </IntentForm>
  );
}

/** Without JavaScript the dialog cannot open: the same form inline, answered by the page. */
export function ForgotPasswordNoScript({ answer }: { answer?: AuthAnswer }) {
  const { t } = useTranslation();
  const error = answer?.ok === false ? (answer.result.error?.email?.[0] ?? answer.result.error?.[""]?.[0]) : undefined;
  return (
    <>
      <noscript>
        <form method="post" className="mt-2 grid gap-2 rounded-md border border-border p-3">
          <input type="hidden" name="intent" value="forgot" />
          <label htmlFor="forgot-email-nojs" className="text-sm font-medium">
            {t("auth.forgot.title")}
          </label>
          <input
            id="forgot-email-nojs"
            name="email"
            type="email"
            maxLength={EMAIL_MAX}
            className="h-10 rounded-md border border-input bg-background px-3 text-sm"
          />
          <button type="submit" className="h-9 rounded-md border border-input text-sm">
            {t("auth.actions.sendReset")}
          </button>
        </form>
      </noscript>
      {answer ? (
        <p role={answer.ok ? "status" : "alert"} className={answer.ok ? "mt-2 text-sm text-primary" : "mt-2 text-sm text-destructive"}>
          {t(answer.ok ? "auth.toast.resetSent" : (error ?? "auth.errors.resetFailed"))}
        </p>
      ) : null}
    </>
  );
}
