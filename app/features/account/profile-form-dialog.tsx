import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormError, getFormProps, SubmitButton, useFormAnswer, useIntentFetcher, useSchemaForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import type { ProfileAnswer } from "./profile-actions.server";

type Schema = Parameters<typeof useSchemaForm>[0]["schema"];
type Fields = ReturnType<typeof useSchemaForm>[1];

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
  schema: Exclude<Schema, () => unknown>;
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
  schema: Exclude<Schema, () => unknown>;
  submitLabel: string;
  onDone: () => void;
  children: (fields: Fields) => ReactNode;
}) {
  const { t } = useTranslation();
  const { fetcher, busy } = useIntentFetcher<ProfileAnswer>(intent);
  const [form, fields] = useSchemaForm({ id: intent, schema, answer: fetcher.data });
  useFormAnswer(fetcher.data, onDone);
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value={intent} />
      {children(fields)}
      <FormError form={form} />
      <SubmitButton busy={busy} busyLabel={t("profile.busy.updating")}>
        {submitLabel}
      </SubmitButton>
    </fetcher.Form>
  );
}
