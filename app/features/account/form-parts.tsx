import { Loader2 } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, type ButtonProps } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { firstError } from "./schemas";

/** The values of a form's text fields, for validating with the shared schemas in the browser. */
export function formValues(form: HTMLFormElement) {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form).entries()) if (typeof value === "string") values[key] = value;
  return values;
}

/** The translation key of the form's first problem under `schema`, or undefined when it is valid. */
export function formProblem(
  schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  form: HTMLFormElement,
) {
  return firstError(schema.safeParse(formValues(form)));
}

/** A labelled text input, stacked (label above the field). */
export function Field({ id, label, ...input }: ComponentProps<"input"> & { id: string; label: ReactNode }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...input} />
    </div>
  );
}

/** A submit button that shows a spinner and its busy label while the request runs. */
export function BusyButton({ busy, busyLabel, children, disabled, ...props }: ButtonProps & { busy: boolean; busyLabel: string }) {
  return (
    <Button type="submit" disabled={busy || disabled} {...props}>
      {busy && <Loader2 className="animate-spin" aria-hidden />}
      {busy ? busyLabel : children}
    </Button>
  );
}

/** Private or business (spec §3 `customer_type`), as a native select. */
export function CustomerTypeSelect({ id, label, defaultValue }: { id: string; label: string; defaultValue: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        name="customerType"
        defaultValue={defaultValue}
        className="flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:text-sm"
      >
        <option value="private">{t("auth.customerTypes.private")}</option>
        <option value="business">{t("auth.customerTypes.business")}</option>
      </select>
    </div>
  );
}
