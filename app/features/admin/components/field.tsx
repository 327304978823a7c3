import type { ComponentProps, ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Input } from "~/components/ui/input";

/**
 * A labelled input of the console's search and filter forms (GET: they change nothing, so they are
 * plain forms, not form-kit forms with a schema and an action).
 */
export function Field({
  name,
  label,
  error,
  hint,
  className,
  ...props
}: { name: string; label: string; error?: string; hint?: ReactNode } & ComponentProps<"input">) {
  const { t } = useTranslation();
  const id = props.id ?? `field-${name}`;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className ?? "space-y-1.5"}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <Input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

export const selectClass =
  "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:text-sm";
