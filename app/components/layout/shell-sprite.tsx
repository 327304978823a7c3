import { FLAG_SYMBOLS } from "./flag";
import { LOGO_SYMBOL } from "./logo";

// Made once: the same elements for every render.
const SPRITE = (
  <svg aria-hidden="true" focusable="false" width="0" height="0" className="absolute">
    {LOGO_SYMBOL}
    {FLAG_SYMBOLS}
  </svg>
);

/**
 * The drawings the shell repeats (the logo in the header and the footer, up to seven flags), once per
 * page as <symbol>s; rendered by the header, which is on every page with the footer (root.tsx).
 */
export function ShellSprite() {
  return SPRITE;
}
