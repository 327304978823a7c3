import { Copy } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { useLanguage } from "~/lib/language";
import { useTranslation } from "~/lib/use-translation";
import { ATTRIBUTION_FORMATS, buildAttribution, type AttributionFormat, type Translate } from "./attribution";
import type { MediaItemView } from "./media-types";

/**
 * The dialog's Attribution section: the item's attribution in the chosen format (rich text, HTML,
 * plain text, XML; attribution.ts), a copy button that copies that format, and the credit line the
 * item came with, if any. "Copied" is said in a live region next to the button.
 */
export function AttributionSection({ item, title, children }: { item: MediaItemView; title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [format, setFormat] = useState<AttributionFormat>("rich");
  const [status, setStatus] = useState("");
  const translate = t as Translate;
  const text = buildAttribution(item, format, translate, language);

  const copy = async () => {
    setStatus("");
    try {
      if (format === "rich" && typeof ClipboardItem !== "undefined" && navigator.clipboard.write) {
        // Pasted as formatted text where the target takes HTML, else as the plain-text sentence.
        const plain = buildAttribution(item, "plain", translate, language);
        await navigator.clipboard.write([
          new ClipboardItem({
            "text/html": new Blob([text], { type: "text/html" }),
            "text/plain": new Blob([plain], { type: "text/plain" }),
          }),
        ]);
      } else {
        await navigator.clipboard.writeText(text);
      }
      setStatus(t("media.attribution.copied"));
    } catch {
      setStatus(t("media.attribution.copyFailed"));
    }
  };

  return (
    <section className="rounded-md border border-border bg-card/60 p-4" data-testid="media-attribution">
      <h3 className="mb-3 text-sm font-semibold">{title}</h3>
      <fieldset className="mb-3">
        <legend className="sr-only">{t("media.attribution.formatLabel")}</legend>
        <div className="inline-flex flex-wrap gap-1 rounded-md bg-muted p-1">
          {ATTRIBUTION_FORMATS.map((choice) => (
            <label
              key={choice}
              className="inline-flex min-h-11 cursor-pointer items-center rounded px-2.5 text-sm has-[:checked]:bg-background has-[:checked]:font-medium has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
            >
              <input
                type="radio"
                name="attribution-format"
                value={choice}
                checked={format === choice}
                onChange={() => {
                  setFormat(choice);
                  setStatus("");
                }}
                className="sr-only"
              />
              {t(`media.attribution.formats.${choice}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {format === "rich" ? (
        // Built from escaped values only (attribution.ts).
        <div
          className="text-sm [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4"
          data-testid="attribution-preview"
          dangerouslySetInnerHTML={{ __html: text }}
        />
      ) : (
        <pre
          className="max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-3 font-mono text-xs"
          data-testid="attribution-preview"
        >
          {text}
        </pre>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button type="button" size="sm" variant="outline" className="min-h-11" onClick={() => void copy()}>
          <Copy /> {t("media.dialog.copyAttribution")}
        </Button>
        <span role="status" className="text-sm text-muted-foreground" data-testid="attribution-status">
          {status}
        </span>
      </div>
      {children}
    </section>
  );
}
