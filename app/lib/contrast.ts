/**
 * WCAG 2.x contrast (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio) for the operator's brand colour
 * (ADR 0076): small enough to own, and the one place the rule is computed (the console's form, the
 * server's save and the reading of a stored value all call `accentProblem`).
 */

const HEX = /^#[0-9a-f]{6}$/;

/** `#rrggbb` in lower case, or undefined for anything else (3-digit and named colours included). */
export function parseHexColour(value: string): string | undefined {
  const colour = value.trim().toLowerCase();
  return HEX.test(colour) ? colour : undefined;
}

function channel(value: number) {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of `#rrggbb`. */
export function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((at) => channel(Number.parseInt(hex.slice(at, at + 2), 16)));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(a: string, b: string) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;

/**
 * The theme's colours the brand colour is read against (app.css `@theme`; a unit test keeps the two in
 * step): it is text on the page's background (links, the current page in the navigation) and the
 * background of a button whose text is `primary-foreground`; `primary` is the theme's own brand colour.
 */
export const THEME_COLOURS = { background: "#0b0f19", buttonText: "#0b0f19", primary: "#8b9dff" } as const;

export type AccentProblem = "format" | "background" | "buttonText";

/** Why `value` cannot be the brand colour, or undefined when it can. */
export function accentProblem(value: string): AccentProblem | undefined {
  const colour = parseHexColour(value);
  if (!colour) return "format";
  if (contrastRatio(colour, THEME_COLOURS.background) < AA_CONTRAST) return "background";
  if (contrastRatio(colour, THEME_COLOURS.buttonText) < AA_CONTRAST) return "buttonText";
  return undefined;
}
