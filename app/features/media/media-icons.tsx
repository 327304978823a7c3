import { ICON_SHAPES } from "~/components/ui/icon";

/**
 * The icons every media card repeats, drawn once per page as SVG <symbol>s that the cards point to
 * with <use>: ~50 bytes per use, and nothing to build per card (ADR 0026). The symbols hold only the
 * shapes; the stroke style comes from the `.i` class of the <svg> that uses them (app.css, ADR 0034).
 */
const ICONS = {
  image: "image",
  video: "film",
  audio: "music",
  sheet: "file-spreadsheet",
  services: "server",
  document: "file-text",
  download: "download",
  eye: "eye",
  "log-in": "log-in",
  sparkles: "sparkles",
} as const;

export type MediaIconName = keyof typeof ICONS;

// Made once: the same elements for every render.
const SPRITE = (
  <svg aria-hidden="true" focusable="false" width="0" height="0" className="absolute">
    {Object.entries(ICONS).map(([name, shape]) => (
      <symbol key={name} id={`mi-${name}`} viewBox="0 0 24 24">
        {ICON_SHAPES[shape]}
      </symbol>
    ))}
  </svg>
);

/** Rendered once by the page that shows media cards or the media dialog. */
export function MediaIconSprite() {
  return SPRITE;
}

export function MediaIcon({ name, className }: { name: MediaIconName; className?: string }) {
  return (
    <svg className={className ? `i ${className}` : "i"} aria-hidden="true">
      <use href={`#mi-${name}`} />
    </svg>
  );
}
