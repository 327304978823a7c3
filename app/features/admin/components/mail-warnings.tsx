import { TriangleAlert } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";

/** What is wrong with mail and what to do about it (overview and outbox, admins; ADR 0065). */
export function MailWarnings({ warnings }: { warnings: readonly string[] }) {
  const { t } = useTranslation();
  if (warnings.length === 0) return null;
  return (
    <div className="mb-6 grid gap-3">
      {warnings.map((warning) => (
        <div
          key={warning}
          role="alert"
          className="flex gap-3 rounded-md border border-destructive/60 bg-destructive/10 p-4 text-sm"
          data-testid={`mail-warning-${warning}`}
        >
          <TriangleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
          <div>
            <p className="font-semibold">{t(`admin.outbox.warnings.${warning}.title`)}</p>
            <p className="text-muted-foreground">{t(`admin.outbox.warnings.${warning}.todo`)}</p>
          </div>
        </div>
      ))}
    </div>
  );
}
