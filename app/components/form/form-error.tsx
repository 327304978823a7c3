import type { FormMetadata } from "@conform-to/react";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";
import { useHeldWhilePressed } from "./pointer-press";

/**
 * The form's own problem (not a field's: wrong credentials, a rate limit, a failed service),
 * translated, above the submit button. Announced when it appears; like a field's problem, it appears or
 * goes only while no pointer button is down (ADR 0045).
 */
export function FormError({
  form,
  className,
}: {
  form: Pick<FormMetadata<Record<string, unknown>, string[]>, "errors" | "errorId">;
  className?: string;
}) {
  const { t } = useTranslation();
  const errors = useHeldWhilePressed(form.errors?.join("\n") ?? "");
  if (!errors) return null;
  return (
    <div
      id={form.errorId}
      role="alert"
      className={cn("rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive", className)}
    >
      {errors.split("\n").map((error) => (
        <p key={error}>{t(error)}</p>
      ))}
    </div>
  );
}
