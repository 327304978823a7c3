import { useState, type ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { FormError, IntentForm, SubmitButton, useIntentForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { useAccountFormRules } from "./account-form-rules";
import type { ProfileAnswer } from "./profile-actions.server";

type Fields = ReturnType<typeof useIntentForm>["fields"];

/**
 * A profile form behind a button (change e-mail, change password): problems show in the dialog
 * next to their fields; on success the dialog closes, its fields are cleared and the toast says
 * what happened.
 */
export function ProfileFormDialog({
  intent,
  schema,
  trigger,
  title,
  description,
  submitLabel,
  children,
}: {
  intent: "changeEmail" | "changePassword";
  /** The form's rules, loaded when the dialog's first field is focused (account-form-rules.ts). */
  schema: "changeEmailSchema" | "changeEmailWithoutPasswordSchema" | "changePasswordSchema";
  trigger: ReactNode;
  title: string;
  description: string;
  submitLabel: string;
  children: (fields: Fields) => ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("auth.close")}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogForm intent={intent} schema={schema} submitLabel={submitLabel} onDone={() => setOpen(false)}>
          {children}
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}

function DialogForm({
  intent,
  schema,
  submitLabel,
  onDone,
  children,
}: {
  intent: string;
  schema: "changeEmailSchema" | "changeEmailWithoutPasswordSchema" | "changePasswordSchema";
  submitLabel: string;
  onDone: () => void;
  children: (fields: Fields) => ReactNode;
}) {
  const { t } = useTranslation();
  const rules = useAccountFormRules(schema);
  const kit = useIntentForm<ProfileAnswer>(intent, { ...rules.options, onSuccess: onDone, ownAnswersOnly: true });
  return (
    <IntentForm kit={kit} onFocus={rules.prepare} className="grid gap-4">
      {children(kit.fields)}
      <FormError form={kit.form} />
      <SubmitButton busy={kit.busy} busyLabel={t("profile.busy.updating")}>
        {submitLabel}
      </SubmitButton>
    </IntentForm>
  );
}
