/**
 * Line icons of the shell and the media library: lucide's drawings (lucide-react 1.75, ISC) as CSS
 * masks in app.css (`.ic-…`), painted in the text colour. An icon in the page is an empty <span> of
 * ~25 bytes instead of an inline SVG of 300–600 bytes, nothing to build per render (ADR 0034).
 * Decorative only: an empty <span> is not announced; an icon that carries meaning by itself (an
 * `aria-label`) stays a lucide-react component. Sized like the SVGs they replace: 24 px, 16 px in a
 * button, or a size class passed in (size-4, hidden, group-open:block … work as on the SVGs).
 */
export const ICON_NAMES = [
  "shopping-cart",
  "globe",
  "chevron-down",
  "menu",
  "x",
  "external-link",
  "log-out",
  "user-round",
  "search",
  "search-x",
  "image",
  "film",
  "music",
  "file-spreadsheet",
  "server",
  "file-text",
  "download",
  "eye",
  "log-in",
  "sparkles",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <span className={className ? `ic-${name} ${className}` : `ic-${name}`} />;
}
