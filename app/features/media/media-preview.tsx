import { Maximize2, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import type { MediaItemView } from "./media-types";

/**
 * The file itself, in the detail dialog: images (a click enlarges them in a lightbox), audio and
 * video players, the first page of a PDF (an image made at import), and the start of a text or
 * CSV file as text. "Preview" (a new tab) stays next to Download for those who want the file alone.
 */
const TEXT_EXTENSIONS = new Set(["csv", "tsv", "txt", "md", "json"]);
/** How much of a text file the dialog shows. */
export const TEXT_PREVIEW_BYTES = 64 * 1024;

export type PreviewKind = "image" | "video" | "audio" | "pdf-page" | "text" | "none";

export function previewKindOf(
  item: Pick<MediaItemView, "fileType" | "fileExtension" | "mimeType" | "previewUrl" | "hasFile">,
): PreviewKind {
  if (!item.hasFile) return "none";
  if (item.fileType === "image") return item.previewUrl ? "image" : "none";
  if (item.fileType === "video") return item.previewUrl ? "video" : "none";
  if (item.fileType === "audio") return "audio";
  if (item.fileType === "pdf") return item.previewUrl ? "pdf-page" : "none";
  const extension = (item.fileExtension ?? "").toLowerCase().replace(/^\./, "");
  if (TEXT_EXTENSIONS.has(extension) || item.mimeType?.startsWith("text/")) return "text";
  return "none";
}

/** A fresh 60 s link to the file (spec §9), from the preview endpoint anyone may use. */
async function fetchFileUrl(id: string) {
  const response = await fetch(`/api/media/${id}/preview?format=json`, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`status ${response.status}`);
  return ((await response.json()) as { url: string }).url;
}

export function MediaPreview({ item, onLightboxChange }: { item: MediaItemView; onLightboxChange?: (open: boolean) => void }) {
  const kind = previewKindOf(item);
  if (kind === "image" || kind === "pdf-page") return <ImagePreview item={item} kind={kind} onLightboxChange={onLightboxChange} />;
  if (kind === "video") {
    // Library items carry no caption files; the preview plays the file as it was imported.
    return (
      // eslint-disable-next-line jsx-a11y/media-has-caption
      <video
        src={item.previewUrl!}
        controls
        preload="metadata"
        playsInline
        className="max-h-64 w-full rounded-md bg-black"
        data-testid="media-preview-video"
      />
    );
  }
  if (kind === "audio") return <AudioPreview item={item} />;
  if (kind === "text") return <TextPreview item={item} />;
  return null;
}

function ImagePreview({
  item,
  kind,
  onLightboxChange,
}: {
  item: MediaItemView;
  kind: "image" | "pdf-page";
  onLightboxChange?: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const lightbox = useRef<HTMLDialogElement>(null);
  const [fullUrl, setFullUrl] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  // The operator's alternative text when the item has one (in its language), else one made of the title.
  const ownAlt = kind === "image" && item.altText ? item.altText : null;
  const alt =
    ownAlt ?? (kind === "pdf-page" ? t("media.preview.pdfPage", { title: item.title }) : t("media.preview.image", { title: item.title }));
  const altLang = ownAlt ? (item.altTextLanguage ?? undefined) : undefined;

  const show = async () => {
    // The lightbox shows the image file itself (not the card thumbnail); a PDF, its first page.
    if (kind === "image" && !fullUrl) setFullUrl(await fetchFileUrl(item.id).catch(() => item.previewUrl));
    lightbox.current?.showModal();
    setOpen(true);
    onLightboxChange?.(true);
  };
  const hide = useCallback(() => {
    lightbox.current?.close();
    setOpen(false);
    onLightboxChange?.(false);
  }, [onLightboxChange]);

  return (
    <>
      <button
        type="button"
        onClick={() => void show()}
        className="group relative block w-full overflow-hidden rounded-md bg-muted"
        aria-label={t("media.preview.enlarge", { title: item.title })}
        data-testid="media-preview-image"
      >
        <img
          src={item.previewUrl!}
          alt={alt}
          lang={altLang}
          className={`w-full object-contain ${kind === "pdf-page" ? "max-h-96" : "max-h-64"}`}
        />
        <span
          className="absolute right-2 top-2 rounded-md bg-background/80 p-1.5 text-foreground opacity-80 group-hover:opacity-100"
          aria-hidden="true"
        >
          <Maximize2 className="size-4" />
        </span>
      </button>
      {/* A click on the backdrop is a mouse shortcut; keyboards close the native dialog with Escape. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={lightbox}
        aria-label={alt}
        data-testid="media-lightbox"
        onClose={() => open && hide()}
        onClick={(event) => {
          if (event.target === event.currentTarget) hide();
        }}
        className="m-auto max-h-[100dvh] max-w-[100vw] bg-transparent p-0 backdrop:bg-black/90"
      >
        <div className="relative flex max-h-[100dvh] items-center justify-center p-4">
          <img
            src={kind === "image" ? (fullUrl ?? item.previewUrl!) : item.previewUrl!}
            alt={alt}
            lang={altLang}
            className="max-h-[calc(100dvh-2rem)] max-w-[calc(100vw-2rem)] object-contain"
          />
          <button
            type="button"
            onClick={hide}
            className="absolute right-6 top-6 rounded-md bg-background/90 p-2 text-foreground"
            aria-label={t("media.preview.closeLightbox")}
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
      </dialog>
    </>
  );
}

function AudioPreview({ item }: { item: MediaItemView }) {
  const { t } = useTranslation();
  const player = useRef<HTMLAudioElement>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    fetchFileUrl(item.id)
      .then((next) => current && setUrl(next))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [item.id]);

  // The link lives a minute; a later seek or replay asks for a fresh one and goes on where it was.
  const renew = async () => {
    const element = player.current;
    if (!element) return;
    const at = element.currentTime;
    const wasPlaying = !element.paused;
    try {
      const next = await fetchFileUrl(item.id);
      setUrl(next);
      element.src = next;
      element.currentTime = at;
      if (wasPlaying) await element.play().catch(() => {});
    } catch {
      setFailed(true);
    }
  };

  if (failed) return <p className="text-sm text-muted-foreground">{t("media.preview.unavailable")}</p>;
  if (!url) return <div className="h-12 w-full animate-pulse rounded-md bg-muted" aria-hidden="true" />;
  return (
    // Library items carry no caption files.
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <audio
      ref={player}
      src={url}
      controls
      preload="metadata"
      className="w-full"
      data-testid="media-preview-audio"
      onError={() => void renew()}
    >
      {t("media.preview.unavailable")}
    </audio>
  );
}

function TextPreview({ item }: { item: MediaItemView }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ text: string; truncated: boolean } | "loading" | "failed">("loading");
  useEffect(() => {
    let current = true;
    (async () => {
      const url = await fetchFileUrl(item.id);
      const response = await fetch(url, { headers: { Range: `bytes=0-${TEXT_PREVIEW_BYTES - 1}` } });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const shown = bytes.subarray(0, TEXT_PREVIEW_BYTES);
      // A cut in the middle of a UTF-8 character is dropped, not shown as a replacement sign.
      const text = new TextDecoder("utf-8", { fatal: false }).decode(shown).replace(/\uFFFD$/, "");
      const total = item.fileSize ?? bytes.length;
      if (current) setState({ text, truncated: total > TEXT_PREVIEW_BYTES });
    })().catch(() => current && setState("failed"));
    return () => {
      current = false;
    };
  }, [item.id, item.fileSize]);

  if (state === "failed") return <p className="text-sm text-muted-foreground">{t("media.preview.unavailable")}</p>;
  if (state === "loading") return <div className="h-40 w-full animate-pulse rounded-md bg-muted" aria-hidden="true" />;
  return (
    <figure className="min-w-0">
      {/* A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable). */}
      <pre
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label={t("media.preview.text", { title: item.title })}
        data-testid="media-preview-text"
        className="max-h-72 overflow-auto rounded-md border border-border bg-background p-3 font-mono text-xs leading-relaxed"
      >
        {state.text}
      </pre>
      {state.truncated && (
        <figcaption className="mt-1 text-xs text-muted-foreground">
          {t("media.preview.truncated", { size: TEXT_PREVIEW_BYTES / 1024 })}
        </figcaption>
      )}
    </figure>
  );
}
