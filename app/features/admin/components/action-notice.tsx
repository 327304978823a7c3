import { useTranslation } from "react-i18next";

/** The result of the last console action, announced to screen readers (works without JavaScript). */
export function ActionNotice({ result }: { result?: { ok: boolean; message?: string; error?: string } | null }) {
  const { t } = useTranslation();
  if (!result || (!result.message && !result.error)) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={
        "mb-4 rounded-md border px-4 py-3 text-sm " +
        (result.ok ? "border-primary/50 bg-primary/10 text-foreground" : "border-destructive bg-destructive/10 text-foreground")
      }
    >
      {t(result.ok ? result.message! : (result.error ?? "admin.errors.failed"))}
    </p>
  );
}
