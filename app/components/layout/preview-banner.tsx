import { useTranslation } from "~/lib/use-translation";

/** Above a page opened through a preview link (ADR 0059): what the visitor reads is not live. */
export function PreviewBanner() {
  const { t } = useTranslation();
  return (
    <p
      role="note"
      data-testid="preview-banner"
      className="border-b border-amber-500/40 bg-amber-500/15 px-4 py-2 text-center text-sm font-medium text-amber-200"
    >
      {t("common.preview.banner")}
    </p>
  );
}
