import type { FieldMetadata } from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";
import { getInputProps, getSelectProps, getTextareaProps } from "./field-props";
import { useHeldWhilePressed } from "./pointer-press";

/**
 * The form kit's fields: label, optional description, the input with the schema's limits as
 * attributes (from `useSchemaForm`'s field metadata), and the field's problem inline under it,
 * translated. The error is `role="alert"` so it is announced when it appears.
 */
export type FieldMeta = FieldMetadata<unknown, Record<string, unknown>, string[]>;
type Metadata = FieldMeta;
type InputType = "text" | "email" | "password" | "search" | "tel" | "url" | "datetime-local";
type NativeInput = Omit<ComponentProps<"input">, "name" | "id" | "type" | "defaultValue" | "form">;

function descriptionId(field: Metadata) {
  return `${field.id}-description`;
}

/**
 * The first problem of a field, translated; nothing when there is none. It appears or goes only
 * while no pointer button is down, so a press on the next control clicks where it was aimed (ADR 0045).
 */
export function FieldError({ field, className }: { field: Metadata; className?: string }) {
  const { t } = useTranslation();
  const error = useHeldWhilePressed(field.errors?.[0]);
  if (!error) return null;
  return (
    <p id={field.errorId} role="alert" className={cn("text-sm text-destructive", className)}>
      {t(error)}
    </p>
  );
}

function Description({ field, children }: { field: Metadata; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={descriptionId(field)} className="text-xs text-muted-foreground">
      {children}
    </p>
  );
}

export function TextField({
  field,
  label,
  description,
  type = "text",
  className,
  id,
  ...input
}: NativeInput & { field: Metadata; label: ReactNode; description?: ReactNode; type?: InputType; id?: string }) {
  const { key, ...props } = getInputProps(field, { type, ariaDescribedBy: description ? descriptionId(field) : undefined });
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={id ?? field.id}>{label}</Label>
      <Input key={key} {...props} {...input} id={id ?? field.id} />
      <Description field={field}>{description}</Description>
      <FieldError field={field} />
    </div>
  );
}

const boxClass =
  "flex w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-destructive md:text-sm";

export function TextareaField({
  field,
  label,
  description,
  className,
  id,
  ...textarea
}: Omit<ComponentProps<"textarea">, "name" | "id" | "defaultValue" | "form"> & {
  field: Metadata;
  label: ReactNode;
  description?: ReactNode;
  id?: string;
}) {
  const { key, ...props } = getTextareaProps(field, { ariaDescribedBy: description ? descriptionId(field) : undefined });
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={id ?? field.id}>{label}</Label>
      <textarea key={key} {...props} {...textarea} id={id ?? field.id} className={cn(boxClass, "min-h-36 resize-y")} />
      <Description field={field}>{description}</Description>
      <FieldError field={field} />
    </div>
  );
}

export function SelectField({
  field,
  label,
  options,
  className,
  id,
}: {
  field: Metadata;
  label: ReactNode;
  options: { value: string; label: string }[];
  className?: string;
  id?: string;
}) {
  const { key, ...props } = getSelectProps(field);
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={id ?? field.id}>{label}</Label>
      {/* Every option has a value, so the select always answers (the server schema still checks it); HTML forbids
          `required` on a select whose first option is not an empty placeholder. */}
      <select key={key} {...props} required={false} id={id ?? field.id} className={cn(boxClass, "h-10")}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError field={field} />
    </div>
  );
}

/** A checkbox with its label to the right (the label may hold links). */
export function CheckboxField({ field, children, id }: { field: Metadata; children: ReactNode; id?: string }) {
  const { key, ...props } = getInputProps(field, { type: "checkbox" });
  return (
    <div className="grid gap-1">
      <div className="flex items-start gap-3">
        <input key={key} {...props} id={id ?? field.id} className="mt-0.5 size-4 shrink-0 accent-[var(--color-primary)]" />
        <label htmlFor={id ?? field.id} className="text-sm leading-snug text-muted-foreground">
          {children}
        </label>
      </div>
      <FieldError field={field} className="pl-7" />
    </div>
  );
}

/** An on/off switch (a checkbox with role="switch") in a bordered row with a description. */
export function SwitchField({
  field,
  label,
  description,
  id,
}: {
  field: Metadata;
  label: ReactNode;
  description?: ReactNode;
  id?: string;
}) {
  const { key, ...props } = getInputProps(field, { type: "checkbox", ariaDescribedBy: description ? descriptionId(field) : undefined });
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border border-border p-4">
      <div className="grid gap-1">
        <label htmlFor={id ?? field.id} className="text-sm font-medium">
          {label}
        </label>
        {description ? (
          <p id={descriptionId(field)} className="text-sm text-muted-foreground">
            {description}
          </p>
        ) : null}
      </div>
      <span className="relative inline-flex shrink-0">
        <input
          key={key}
          {...props}
          id={id ?? field.id}
          // A native checkbox states its own checked state; ARIA in HTML says not to add aria-checked to it.
          // eslint-disable-next-line jsx-a11y/role-has-required-aria-props
          role="switch"
          className="peer h-6 w-11 cursor-pointer appearance-none rounded-full border border-input bg-muted transition-colors checked:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
        <span
          aria-hidden
          className="pointer-events-none absolute left-0.5 top-0.5 size-5 rounded-full bg-foreground transition-transform peer-checked:translate-x-5 peer-checked:bg-primary-foreground"
        />
      </span>
    </div>
  );
}
