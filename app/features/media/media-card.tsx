import { Loader2 } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { Button } from "~/components/ui/button";
import { isLanguage, LANGUAGE_LOCALES, LANGUAGE_NAMES } from "~/lib/i18n";
import { languageNames } from "~/lib/intl-formats";
import { useLanguage } from "~/lib/language";
import { MediaIcon } from "./media-icons";
import { pictureSrc, pictureSrcSet } from "~/lib/renditions";
import { formatMegabytes, licenseLabelOf, splitDuration, typeGroupOf, type CardPicture, type MediaItemView } from "./media-types";

export function TypeIcon({ type, className }: { type: MediaItemView["fileType"]; className?: string }) {
  const name = type === "image" || type === "video" || type === "audio" || type === "sheet" || type === "services" ? type : "document";
  return <MediaIcon name={name} className={className} />;
}

/**
 * The type as the filter's value names it ("document", where the filter's label says "Documents"),
 * and the kind of document when it says more ("document · PDF"): a badge that matches the filter
 * that finds the item.
 */
export function TypeBadgeText({ fileType }: { fileType: MediaItemView["fileType"] }) {
  const { t } = useTranslation();
  const group = typeGroupOf(fileType);
  return (
    <span data-testid="media-type">
      {t(`media.card.typeGroup.${group}`)}
      {group !== fileType ? ` · ${t(`media.fileTypes.${fileType}`)}` : null}
    </span>
  );
}

/** The item's language, shown when it differs from the page's ("Deutsch" on the English page). */
export function ItemLanguageBadge({ language }: { language: string }) {
  const { t } = useTranslation();
  const { language: pageLanguage } = useLanguage();
  if (!language || language === pageLanguage) return null;
  const name = isLanguage(language) ? LANGUAGE_NAMES[language] : language.toUpperCase();
  return (
    <li
      lang={isLanguage(language) ? language : undefined}
      data-testid="media-language"
      title={t("media.card.itemLanguage", { language: name })}
      className="mcard-language"
    >
      <span className="sr-only">{`${t("media.card.languageLabel")} `}</span>
      {name}
    </li>
  );
}

/**
 * A text of the item shown in another language than the page's (no translation yet): the text
 * carries its language for screen readers and hyphenation, and a small marker says which one
 * ("auf Englisch"), in the page's language.
 */
export function FallbackMarker({ language }: { language: string | null | undefined }) {
  const { t } = useTranslation();
  const { language: pageLanguage } = useLanguage();
  if (!language) return null;
  let name = language;
  try {
    name = languageNames(LANGUAGE_LOCALES[pageLanguage]).of(language) ?? language;
  } catch {
    // An item language Intl does not know: its code.
  }
  return (
    <span className="mcard-fallback" data-testid="media-fallback">
      {t("media.fallback.marker", { language: name })}
    </span>
  );
}

export function useMediaFormat() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return {
    size: (bytes: number) => t("media.card.size", { size: formatMegabytes(bytes, LANGUAGE_LOCALES[language]) }),
    duration: (ms: number) => {
      const { hours, minutes, seconds } = splitDuration(ms);
      return hours > 0 ? t("media.card.durationHours", { hours, minutes }) : t("media.card.durationMinutes", { minutes, seconds });
    },
  };
}

/** The card's width in the library's grid (max-w-7xl, px-4/sm:px-6, gap-5, 1/2/3 columns), less its border. */
export const CARD_PICTURE_SIZES =
  "(min-width: 1280px) 395px, (min-width: 1024px) calc((100vw - 88px) / 3), (min-width: 640px) calc((100vw - 68px) / 2), calc(100vw - 34px)";

/**
 * A card's picture (ADR 0093): the image, a PDF's first page, a video's frame or an audio file's cover
 * or waveform, never the file itself. AVIF and WebP in the widths drawn, and the 480 px WebP with the
 * 16:9 box's width and height (the card's `aspect-video`, `object-contain`), so nothing moves while it loads.
 * The first card's picture is fetched at once and first of all (the phone's largest paint); the others
 * lazily: on a phone they are below the first screen, and a lazy picture already in view (the rest of a
 * wide screen's first row) is fetched at layout without taking the line from the first.
 */
function CardPictureImage({ id, picture, first }: { id: string; picture: CardPicture; first: boolean }) {
  const img = (
    <img
      src={pictureSrc(id, picture.v)}
      width={480}
      height={270}
      alt=""
      loading={first ? "eager" : "lazy"}
      fetchPriority={first ? "high" : undefined}
      decoding="async"
      className="mcard-fill"
    />
  );
  if (!picture.w?.length) return img;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={pictureSrcSet(id, picture.v, picture.w, "avif")} sizes={CARD_PICTURE_SIZES} />
      <source type="image/webp" srcSet={pictureSrcSet(id, picture.v, picture.w, "webp")} sizes={CARD_PICTURE_SIZES} />
      {img}
    </picture>
  );
}

export interface FileActionProps {
  isSignedIn: boolean;
  downloadCounts: Record<string, number>;
  downloadingId: string | null;
  onPreview: (item: MediaItemView) => void;
  onDownload: (item: MediaItemView) => void;
}

export function DownloadButton({
  item,
  isSignedIn,
  downloadingId,
  onDownload,
  className,
}: FileActionProps & { item: MediaItemView; className?: string }) {
  const { t } = useTranslation();
  const isDownloading = downloadingId === item.id;
  if (!isSignedIn) {
    // aria-disabled, not disabled: the download cannot happen, but the button takes a click or Enter and
    // leads to sign in, then back to this item (spec §6); it does not look switched off.
    return (
      <Button
        size="sm"
        variant="secondary"
        aria-disabled="true"
        title={t("media.card.signInHint")}
        className={className}
        onClick={() => onDownload(item)}
      >
        <MediaIcon name="log-in" />
        {` ${t("media.card.signIn")}`}
      </Button>
    );
  }
  return (
    <Button size="sm" disabled={isDownloading} className={className} onClick={() => onDownload(item)}>
      {isDownloading ? <Loader2 className="animate-spin" /> : <MediaIcon name="download" />}
      {isDownloading ? t("media.card.downloading") : t("media.card.download")}
    </Button>
  );
}

/**
 * The id of a card's title (its name for assistive technology), by the card's place in the list: short,
 * it is on the page twice per card (an item id was 36 characters twice; the page's data carry it once).
 */
export const cardTitleId = (index: number) => `mc-${index}`;

/**
 * A card of the list. Its buttons carry no `type`: no card is inside a form, and a button without a
 * form submits nothing (`type="button"` was 14 bytes three times per card, ADR 0036). The same holds
 * for DownloadButton, in the card and in the dialog.
 */
export function MediaCard({
  item,
  index,
  onOpen,
  ...actions
}: FileActionProps & { item: MediaItemView; index: number; onOpen: (item: MediaItemView) => void }) {
  const { t } = useTranslation();
  const format = useMediaFormat();
  const titleId = cardTitleId(index);
  const licenseLabel = licenseLabelOf(item.license);
  return (
    <article aria-labelledby={titleId} data-testid="media-card" className="mcard">
      <div className="mcard-visual">
        {item.picture ? (
          <CardPictureImage id={item.id} picture={item.picture} first={index === 0} />
        ) : (
          <div className="mcard-placeholder">
            <TypeIcon type={item.fileType} />
          </div>
        )}
        {item.aiGenerated && (
          <span className="mcard-ai">
            <MediaIcon name="sparkles" className="size-3" />
            {` ${t("media.card.aiGenerated")}`}
          </span>
        )}
      </div>
      <div className="mcard-body">
        <div>
          <h2 id={titleId} className="mcard-title" title={item.title} lang={item.titleLanguage ?? undefined}>
            {item.title}
          </h2>
          <FallbackMarker language={item.titleLanguage} />
          {item.description && (
            <p className="mcard-text" lang={item.descriptionLanguage ?? undefined}>
              {item.description}
            </p>
          )}
        </div>
        <ul className="mcard-facts" aria-label={t("media.dialog.details")}>
          <li className="mcard-type">
            <TypeIcon type={item.fileType} />
            <TypeBadgeText fileType={item.fileType} />
          </li>
          <ItemLanguageBadge language={item.language} />
          {item.fileSize !== null && <li>{format.size(item.fileSize)}</li>}
          {item.durationMs !== null && <li>{format.duration(item.durationMs)}</li>}
          {licenseLabel ? (
            <li data-testid="media-license">
              <span className="sr-only">{`${t("media.dialog.license")}: `}</span>
              {licenseLabel}
            </li>
          ) : null}
          {item.fileType === "services" && item.serviceKind && <li>{item.serviceKind}</li>}
        </ul>
        <div className="mcard-actions">
          <Button size="sm" variant="outline" onClick={() => onOpen(item)} aria-label={t("media.card.detailsFor", { title: item.title })}>
            {t("media.card.details")}
          </Button>
          {item.hasFile && (
            <>
              <Button
                size="sm"
                variant="outline"
                onClick={() => actions.onPreview(item)}
                aria-label={t("media.card.previewOf", { title: item.title })}
              >
                <MediaIcon name="eye" />
                {` ${t("media.card.preview")}`}
              </Button>
              <DownloadButton item={item} {...actions} />
            </>
          )}
          {item.fileType === "services" && item.endpoint && (
            <Button asChild size="sm" variant="secondary">
              <a href={item.endpoint} target="_blank" rel="noopener noreferrer">
                <MediaIcon name="services" />
                {` ${t("media.card.openService")}`}
              </a>
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
