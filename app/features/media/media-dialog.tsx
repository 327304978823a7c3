import { ExternalLink } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { LANGUAGE_LOCALES } from "~/lib/i18n";
import { useLanguage } from "~/lib/language";
import { MediaIcon } from "./media-icons";
import { cardTitleId, DownloadButton, FallbackMarker, TypeBadgeText, TypeIcon, useMediaFormat, type FileActionProps } from "./media-card";
import { MediaPreview } from "./media-preview";
import { linkLabel, type MediaItemView, type RelatedItems } from "./media-types";
import { RelatedRows } from "./media-related";
import { AttributionSection } from "./media-attribution";
import { licenseDeedUrl } from "./attribution";
import { dateTimeFormat, languageNames } from "~/lib/intl-formats";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words text-sm">{children}</dd>
    </div>
  );
}

function ExternalAnchor({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 break-all text-primary underline-offset-4 hover:underline"
    >
      {children}
      <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only">{t("media.dialog.opensInNewTab")}</span>
    </a>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-md border border-border bg-card/60 p-4">
      <h3 className="mb-3 text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

export function MediaDialog({
  item,
  related,
  relatedHref,
  cardIndex = -1,
  onClose,
  notice,
  ...actions
}: FileActionProps & {
  item: MediaItemView | undefined;
  /** The item's related rows (loaded with it), and the address that opens a related item's dialog. */
  related?: RelatedItems;
  relatedHref: (id: string) => string;
  /** The item's card in the list (its place), to give focus back to when the dialog closes; -1 when none. */
  cardIndex?: number;
  onClose: () => void;
  /** A message for the visitor about their account (after signing up from a gated download), above the preview. */
  notice?: ReactNode;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const format = useMediaFormat();
  const opener = useRef<HTMLElement | null>(null);
  // A related item opens in the same dialog: start at its top.
  const itemId = item?.id;
  useEffect(() => {
    document.querySelector('[data-testid="media-dialog"]')?.scrollTo?.({ top: 0 });
  }, [itemId]);
  const locale = LANGUAGE_LOCALES[language];
  // A Creative Commons licence's deed in the reader's language.
  const licenseUrl = licenseDeedUrl(item?.license, language);
  const languageName = (code: string) => {
    try {
      return languageNames(locale).of(code) ?? code;
    } catch {
      return code;
    }
  };

  return (
    <Dialog open={item !== undefined} onOpenChange={(open) => !open && onClose()}>
      {item && (
        <DialogContent
          portal={false}
          closeLabel={t("media.dialog.close")}
          data-testid="media-dialog"
          wide
          className="grid-cols-[minmax(0,1fr)]"
          // Focus the dialog itself: screen readers announce its title, and no button looks pre-selected.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            const active = document.activeElement;
            opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
            (event.currentTarget as HTMLElement | null)?.focus?.();
          }}
          // The dialog opens through the URL, not a Radix trigger, so Radix has nothing to return focus
          // to: give it back to the button that opened it (or, for a shared link, the item's card).
          // Escape closes an open lightbox first, not the whole dialog.
          onEscapeKeyDown={(event) => {
            const lightbox = document.querySelector<HTMLDialogElement>('dialog[open][data-testid="media-lightbox"]');
            if (lightbox) {
              event.preventDefault();
              lightbox.close();
            }
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const card = cardIndex >= 0 ? document.getElementById(cardTitleId(cardIndex))?.closest("article") : undefined;
            (opener.current?.isConnected ? opener.current : card?.querySelector("button"))?.focus();
          }}
        >
          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap items-center gap-2 text-xs">
              <span className="inline-flex items-center gap-1 rounded bg-muted px-2 py-0.5 font-medium">
                <TypeIcon type={item.fileType} className="size-3.5" /> <TypeBadgeText fileType={item.fileType} />
              </span>
              {item.aiGenerated && (
                <span className="inline-flex items-center gap-1 rounded-full border border-accent/40 px-2 py-0.5 font-medium text-accent">
                  <MediaIcon name="sparkles" className="size-3" /> {t("media.card.aiGenerated")}
                </span>
              )}
            </div>
            <DialogTitle lang={item.titleLanguage ?? undefined}>{item.title}</DialogTitle>
            <FallbackMarker language={item.titleLanguage} />
            <DialogDescription className="whitespace-pre-line" lang={item.descriptionLanguage ?? undefined}>
              {item.description ?? ""}
            </DialogDescription>
          </div>

          {notice}
          <MediaPreview item={item} />

          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
            {item.fileSize !== null && <Field label={t("media.dialog.size")}>{format.size(item.fileSize)}</Field>}
            {item.durationMs !== null && <Field label={t("media.dialog.duration")}>{format.duration(item.durationMs)}</Field>}
            {item.widthPx !== null && item.heightPx !== null && (
              <Field label={t("media.dialog.dimensions")}>
                {t("media.dialog.dimensionsValue", { width: item.widthPx, height: item.heightPx })}
              </Field>
            )}
            {item.pages !== null && <Field label={t("media.dialog.pages")}>{item.pages}</Field>}
            {item.sheetType && <Field label={t("media.dialog.sheetType")}>{item.sheetType.toUpperCase()}</Field>}
            <Field label={t("media.dialog.language")}>{languageName(item.language)}</Field>
            {item.version && <Field label={t("media.dialog.version")}>{item.version}</Field>}
            <Field label={t("media.dialog.downloads")}>
              <span data-testid="download-count">{actions.downloadCounts[item.id] ?? item.downloadCount}</span>
            </Field>
            <Field label={t("media.dialog.added")}>
              {dateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(item.createdAt))}
            </Field>
          </dl>

          {item.fileType === "services" && (item.serviceKind || item.endpoint) && (
            <dl className="grid gap-3 sm:grid-cols-2">
              {item.serviceKind && <Field label={t("media.dialog.serviceKind")}>{item.serviceKind}</Field>}
              {item.endpoint && (
                <Field label={t("media.dialog.endpoint")}>
                  <ExternalAnchor href={item.endpoint}>{item.endpoint}</ExternalAnchor>
                </Field>
              )}
            </dl>
          )}

          {item.license && (item.license.name || item.license.spdx_id) && (
            <Section title={t("media.dialog.license")}>
              <dl className="grid gap-3 sm:grid-cols-2">
                {item.license.name && <Field label={t("media.dialog.license")}>{item.license.name}</Field>}
                {item.license.spdx_id && (
                  <Field label={t("media.dialog.spdx")}>
                    <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{item.license.spdx_id}</code>
                  </Field>
                )}
              </dl>
              {item.license.notice && <p className="mt-3 text-sm text-muted-foreground">{item.license.notice}</p>}
              {licenseUrl && (
                <p className="mt-2 text-sm">
                  <ExternalAnchor href={licenseUrl}>{t("media.dialog.licenseLink")}</ExternalAnchor>
                </p>
              )}
            </Section>
          )}

          {(item.license?.name || item.license?.spdx_id || item.attribution?.text) && (
            <AttributionSection item={item} title={t("media.dialog.attribution")}>
              {item.attribution?.text && (
                <div className="mt-3 border-t border-border pt-3 text-sm">
                  <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{t("media.attribution.given")}</p>
                  <p className="mt-1" data-testid="attribution-text">
                    {item.attribution.text}
                  </p>
                  {item.attribution.url && (
                    <p className="mt-1">
                      <ExternalAnchor href={item.attribution.url}>{item.attribution.url}</ExternalAnchor>
                    </p>
                  )}
                </div>
              )}
            </AttributionSection>
          )}

          {(item.creator?.name || item.source?.origin || item.source?.account_handle) && (
            <dl className="grid gap-3 sm:grid-cols-2">
              {item.creator?.name && (
                <Field label={t("media.dialog.creator")}>
                  {item.creator.url ? <ExternalAnchor href={item.creator.url}>{item.creator.name}</ExternalAnchor> : item.creator.name}
                  {item.creator.handles?.primary && <span className="ml-1 text-muted-foreground">{item.creator.handles.primary}</span>}
                </Field>
              )}
              {(item.source?.origin || item.source?.niche || item.source?.account_handle) && (
                <Field label={t("media.dialog.source")}>
                  {[item.source?.origin, item.source?.niche].filter(Boolean).join(" · ")}
                  {item.source?.account_handle && (
                    <span className="block">
                      {item.source.account_url ? (
                        <ExternalAnchor href={item.source.account_url}>{item.source.account_handle}</ExternalAnchor>
                      ) : (
                        item.source.account_handle
                      )}
                    </span>
                  )}
                </Field>
              )}
            </dl>
          )}

          {Object.keys(item.externalLinks).length > 0 && (
            <div>
              <h3 className="mb-2 text-sm font-semibold">{t("media.dialog.links")}</h3>
              <ul className="flex flex-col gap-1 text-sm">
                {Object.entries(item.externalLinks).map(([label, url]) => (
                  <li key={label}>
                    <ExternalAnchor href={url}>{linkLabel(label)}</ExternalAnchor>
                  </li>
                ))}
              </ul>
            </div>
          )}

          <RelatedRows related={related} href={relatedHref} />

          {item.hasFile && (
            // Sticks to the bottom of the scrolling dialog, so Download is in reach on a phone.
            <div className="sticky -bottom-5 -mx-5 -mb-5 flex flex-wrap justify-end gap-2 border-t border-border bg-popover px-5 py-4 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6">
              <Button type="button" variant="outline" size="sm" onClick={() => actions.onPreview(item)}>
                <MediaIcon name="eye" /> {t("media.card.preview")}
              </Button>
              <DownloadButton item={item} {...actions} />
            </div>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
