import { createContext, useContext } from "react";
import { siteConfig } from "~/config/site";
import { THEME_COLOURS } from "./contrast";

/**
 * The operator's brand (ADR 0076): logo, favicon and share image are pictures of the media library,
 * chosen in the console's site settings, and a brand colour. Stored as one JSON row (`site_settings`,
 * key "brand") of item ids and a colour; the public pages get the resolved `Brand` from the root loader.
 */

export const BRAND_IMAGES = ["logo", "favicon", "shareImage"] as const;
export type BrandImage = (typeof BRAND_IMAGES)[number];
export const BRAND_KEYS = [...BRAND_IMAGES, "accent"] as const;
export type BrandKey = (typeof BRAND_KEYS)[number];
export type StoredBrand = Partial<Record<BrandKey, string>>;

/**
 * What each picture may be. SVG never: a library SVG can carry script, and these files are served
 * from the site's own origin to every visitor. The favicon is a PNG (browsers and the library both
 * read it; the library holds no ICO), the share image PNG or JPEG (what every link preview reads).
 */
export const BRAND_IMAGE_TYPES: Record<BrandImage, readonly string[]> = {
  logo: ["image/png", "image/jpeg", "image/webp"],
  favicon: ["image/png"],
  shareImage: ["image/png", "image/jpeg"],
};
/** Served whole from memory to every visitor: a bigger file is refused when chosen. */
export const BRAND_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The path a brand picture is served at (server: app/routes/brand.$image.ts). */
export const BRAND_PATHS: Record<BrandImage, string> = { logo: "/brand/logo", favicon: "/brand/favicon", shareImage: "/brand/share-image" };

export interface BrandPicture {
  /** Site-relative URL with a version (`?v=`): a new choice or a replaced file gets a new URL. */
  url: string;
  type: string;
  width: number | null;
  height: number | null;
}

/** The brand as the pages use it; null fields keep the product's own (the built-in logo, theme colour, icons). */
export interface Brand {
  logo: BrandPicture | null;
  favicon: BrandPicture | null;
  shareImage: BrandPicture | null;
  accent: string | null;
}

export const NO_BRAND: Brand = { logo: null, favicon: null, shareImage: null, accent: null };

/**
 * The size a mail draws a logo at: `height` tall, or narrower to keep within `maxWidth` (a wide logo),
 * in its own proportions, larger or smaller. Null for a logo whose size the library does not know: it
 * could only be drawn stretched.
 */
export function fitLogo(logo: Pick<BrandPicture, "width" | "height"> | null | undefined, box: { height: number; maxWidth: number }) {
  if (!logo?.width || !logo.height) return null;
  const scale = Math.min(box.height / logo.height, box.maxWidth / logo.width);
  return { width: Math.max(1, Math.round(logo.width * scale)), height: Math.max(1, Math.round(logo.height * scale)) };
}

/**
 * The brand colour as CSS: it replaces the theme's primary colour (buttons, links, the current page)
 * and the focus ring. `accent` is a checked `#rrggbb` (accentProblem), so nothing here needs escaping.
 */
export function accentCss(accent: string) {
  return `:root{--color-primary:${accent};--color-ring:${accent}}`;
}

/** What a mail shows of the brand: the company's name in the button colour (no picture: mail-layout.server.ts). */
export interface MailBrand {
  accent: string;
  name: string;
  /** The operator's logo at the size the mail's head draws it, by its absolute address; none without one. */
  logo?: { url: string; width: number; height: number } | null;
}

/** The product's own: the theme's primary colour and the product's name. */
export const DEFAULT_MAIL_BRAND: MailBrand = {
  accent: THEME_COLOURS.primary,
  name: siteConfig.name,
};

const BrandContext = createContext<Brand>(NO_BRAND);
export const BrandProvider = BrandContext.Provider;

export function useBrand(): Brand {
  return useContext(BrandContext);
}
