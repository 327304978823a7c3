import { useId } from "react";
import { Input } from "~/components/ui/input";
import { useTranslation } from "~/lib/use-translation";
import { useDateFormat } from "./use-date-format";

/**
 * The preview link of the page's draft in this language (ADR 0059): signed, for anyone (no account)
 * until it expires, showing the draft as it is when opened. Made anew with every load of the editor.
 */
export function PagePreviewLink({ preview }: { preview: { url: string; expiresAt: string } }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="mb-6 space-y-2 rounded-md border border-border p-4 text-sm">
      <h2 id={`${id}-title`} className="font-medium">
        {t("admin.pages.preview.title")}
      </h2>
      <p className="text-muted-foreground">{t("admin.pages.preview.note", { date: formatDate(preview.expiresAt) })}</p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-url`} className="sr-only">
          {t("admin.pages.preview.link")}
        </label>
        <Input id={`${id}-url`} readOnly value={preview.url} className="min-w-0 flex-1 font-mono text-xs" data-testid="preview-url" />
        <a
          href={preview.url}
          target="_blank"
          rel="noreferrer"
          className="text-primary underline underline-offset-2"
          data-testid="preview-open"
        >
          {t("admin.pages.preview.open")}
        </a>
      </div>
    </section>
  );
}
