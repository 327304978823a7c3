import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Button } from "~/components/ui/button";
import { RICH_TEXT_LIMITS } from "~/lib/rich-text";
import { useTranslation } from "~/lib/use-translation";
import type { PictureChoice } from "./rich-text-field";

/** Where the site serves a published picture's rendition (routes/page-images.$id.ts, ADR 0082). */
export const pictureSrc = (mediaId: string) => `/page-images/${encodeURIComponent(mediaId)}`;

/**
 * The Image button's panel: a published picture of the library (the list the news cover offers) and
 * its alternative text, inserted as the document's image block (rich-text.ts).
 */
export function PicturePicker({
  pictures,
  onInsert,
  onClose,
}: {
  pictures: PictureChoice[];
  onInsert: (attrs: { mediaId: string; alt: string | null }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [mediaId, setMediaId] = useState(pictures[0]?.id ?? "");
  const [alt, setAlt] = useState("");
  const insert = () => {
    if (mediaId) onInsert({ mediaId, alt: alt.trim() || null });
  };
  // Its inputs are no fields of the form around the editor: their input never reaches its autosave, Enter
  // inserts the picture instead of submitting the form, Escape closes the panel.
  const quiet = {
    onInput: (event: FormEvent) => event.stopPropagation(),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === "Enter") {
        event.preventDefault();
        insert();
      } else if (event.key === "Escape") {
        event.preventDefault();
        onClose();
      }
    },
  };
  // Opened from the toolbar, the panel takes the focus (keyboard users land on the picture list).
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);
  const box =
    "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:text-sm";
  return (
    <div
      role="group"
      aria-label={t("admin.pages.richText.image")}
      className="grid gap-3 border-b border-input bg-muted/30 p-3 text-sm"
      data-testid="picture-picker"
    >
      {pictures.length === 0 ? (
        <p className="text-muted-foreground">{t("admin.pages.richText.imageNone")}</p>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row">
          <div className="grid flex-1 content-start gap-2">
            <label htmlFor={`${id}-picture`} className="font-medium">
              {t("admin.pages.richText.imagePicture")}
            </label>
            <select
              ref={first}
              id={`${id}-picture`}
              value={mediaId}
              onChange={(event) => {
                event.stopPropagation();
                setMediaId(event.target.value);
              }}
              {...quiet}
              className={box}
            >
              {pictures.map((picture) => (
                <option key={picture.id} value={picture.id}>
                  {picture.title}
                </option>
              ))}
            </select>
            <label htmlFor={`${id}-alt`} className="font-medium">
              {t("admin.pages.richText.imageAlt")}
            </label>
            <input
              id={`${id}-alt`}
              value={alt}
              maxLength={RICH_TEXT_LIMITS.alt}
              onChange={(event) => {
                event.stopPropagation();
                setAlt(event.target.value);
              }}
              {...quiet}
              aria-describedby={`${id}-alt-hint`}
              className={box}
            />
            <p id={`${id}-alt-hint`} className="text-xs text-muted-foreground">
              {t("admin.pages.richText.imageAltHint")}
            </p>
          </div>
          {mediaId ? (
            <img src={pictureSrc(mediaId)} alt="" className="h-28 w-auto max-w-40 self-start rounded border border-border object-contain" />
          ) : null}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {pictures.length ? (
          <Button type="button" size="sm" onClick={insert}>
            {t("admin.pages.richText.imageInsert")}
          </Button>
        ) : null}
        <Button type="button" size="sm" variant="outline" onClick={onClose}>
          {t("admin.pages.richText.imageCancel")}
        </Button>
      </div>
    </div>
  );
}
