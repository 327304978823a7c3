import type { FormMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { cn } from "~/lib/utils";

/**
 * The form's own problem (not a field's: wrong credentials, a rate limit, a failed service),
 * translated, above the submit button. Announced when it appears.
 */
export function FormError({
  form,
  className,
}: {
  form: Pick<FormMetadata<Record<string, unknown>, string[]>, "errors" | "errorId">;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!form.errors?.length) return null;
  return (
    <div
      id={form.errorId}
      role="alert"
      className={cn("rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive", className)}
    >
      {form.errors.map((error) => (
        <p key={error}>{t(error)}</p>
      ))}
    </div>
  );
}
