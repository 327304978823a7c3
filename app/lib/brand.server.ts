import { createHash } from "node:crypto";
import { and, desc, eq, inArray, isNotNull, lte } from "drizzle-orm";
import { mediaItems, siteSettings } from "~/db/schema";
import { getEnv } from "./env.server";
import {
  BRAND_IMAGE_MAX_BYTES,
  BRAND_IMAGE_TYPES,
  BRAND_IMAGES,
  BRAND_PATHS,
  DEFAULT_MAIL_BRAND,
  fitLogo,
  NO_BRAND,
  type Brand,
  type MailBrand,
  type BrandImage,
  type StoredBrand,
} from "./brand";
import { cachedUntilChange } from "./change-bus.server";
import { accentProblem, parseHexColour } from "./contrast";
import { db } from "./db.server";
import { readFile } from "./storage.server";
import { getSiteFacts, SETTINGS_TOPIC } from "./site-facts.server";
import { isUuid } from "./uuid";

/**
 * The brand (ADR 0076) from row "brand" of `site_settings`: media-library item ids and a colour,
 * resolved to what the pages link to. Kept in memory per process like the site's facts and dropped on
 * the same "settings" change a console save announces. A stored value that no longer passes the rules
 * (an item deleted, its file replaced by an SVG, a hand-edited colour) is ignored: the product's own
 * logo, icon, share image or colour is shown instead.
 */
export const BRAND_SETTINGS_KEY = "brand";
const BRAND_TTL_MS = 5 * 60_000;
export async function readStoredBrand(): Promise<StoredBrand> {
  const [row] = await db().select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, BRAND_SETTINGS_KEY));
  const value = (row?.value ?? {}) as Record<string, unknown>;
  const stored: StoredBrand = {};
  for (const key of BRAND_IMAGES) if (typeof value[key] === "string" && isUuid(value[key])) stored[key] = value[key];
  if (typeof value.accent === "string" && !accentProblem(value.accent)) stored.accent = parseHexColour(value.accent);
  return stored;
}

/** A library item as a brand picture needs it. */
const itemColumns = {
  id: mediaItems.id,
  title: mediaItems.title,
  filePath: mediaItems.filePath,
  mimeType: mediaItems.mimeType,
  fileSize: mediaItems.fileSize,
  widthPx: mediaItems.widthPx,
  heightPx: mediaItems.heightPx,
  updatedAt: mediaItems.updatedAt,
};
interface Item {
  id: string;
  title: string;
  filePath: string | null;
  mimeType: string | null;
  fileSize: number | null;
  widthPx: number | null;
  heightPx: number | null;
  updatedAt: Date;
}

/** Why `item` cannot be `image` (a translation key's last segment), or undefined when it can. */
export function brandImageProblem(image: BrandImage, item: Item | undefined): "notFound" | "type" | "tooLarge" | undefined {
  if (!item?.filePath || !item.mimeType) return "notFound";
  if (!BRAND_IMAGE_TYPES[image].includes(item.mimeType)) return "type";
  if ((item.fileSize ?? 0) > BRAND_IMAGE_MAX_BYTES) return "tooLarge";
  return undefined;
}

export async function itemsById(ids: string[]): Promise<Map<string, Item>> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return new Map();
  const rows = await db().select(itemColumns).from(mediaItems).where(inArray(mediaItems.id, valid));
  return new Map(rows.map((row) => [row.id, row]));
}

type Resolved = { brand: Brand; files: Partial<Record<BrandImage, { key: string; type: string; version: string }>> };

async function load(): Promise<Resolved> {
  const stored = await readStoredBrand();
  const items = await itemsById(BRAND_IMAGES.map((image) => stored[image] ?? ""));
  const brand: Brand = { ...NO_BRAND, accent: stored.accent ?? null };
  const files: Resolved["files"] = {};
  for (const image of BRAND_IMAGES) {
    const item = items.get(stored[image] ?? "");
    if (!item || brandImageProblem(image, item)) continue;
    const version = createHash("sha256").update(`${item.id}\n${item.updatedAt.toISOString()}`).digest("base64url").slice(0, 12);
    files[image] = { key: item.filePath!, type: item.mimeType!, version };
    brand[image] = { url: `${BRAND_PATHS[image]}?v=${version}`, type: item.mimeType!, width: item.widthPx, height: item.heightPx };
  }
  return { brand, files };
}

let processCache: ReturnType<typeof cachedUntilChange<Resolved>> | undefined;
const cache = () => (processCache ??= cachedUntilChange(SETTINGS_TOPIC, load, BRAND_TTL_MS));

export async function getBrand(): Promise<Brand> {
  return (await cache().current()).brand;
}

/** After a save in this process (the change bus tells the others). */
export function forgetBrand() {
  cache().forget();
}

/** The logo's height beside the company's name in a mail's head; a wide logo is narrowed to maxWidth instead. */
const MAIL_LOGO = { height: 32, maxWidth: 160 };

/** The brand as a mail shows it (ADR 0076, ADR 0088). A logo whose size the library does not know is left out: it could only be drawn stretched. */
export async function mailBrand(): Promise<MailBrand> {
  const [brand, facts] = await Promise.all([getBrand(), getSiteFacts()]);
  const size = fitLogo(brand.logo, MAIL_LOGO);
  return {
    accent: brand.accent ?? DEFAULT_MAIL_BRAND.accent,
    name: facts.name,
    logo: brand.logo && size ? { url: `${getEnv().PUBLIC_URL}${brand.logo.url}`, ...size } : null,
  };
}

/** A brand picture's file as a stream and whether `version` names the current one; undefined when none is chosen. */
export async function brandFile(image: BrandImage, version: string | null) {
  const file = (await cache().current()).files[image];
  if (!file) return undefined;
  const stream = await readFile("media-files", file.key);
  return stream && { stream, type: file.type, current: version === file.version };
}

/** The library's pictures the console offers for the brand (newest first), drafts included. */
export async function brandImageChoices(limit = 200) {
  const types = [...new Set(Object.values(BRAND_IMAGE_TYPES).flat())];
  return db()
    .select({ id: mediaItems.id, title: mediaItems.title, mimeType: mediaItems.mimeType })
    .from(mediaItems)
    .where(
      and(
        eq(mediaItems.fileType, "image"),
        isNotNull(mediaItems.filePath),
        inArray(mediaItems.mimeType, types),
        lte(mediaItems.fileSize, BRAND_IMAGE_MAX_BYTES),
      ),
    )
    .orderBy(desc(mediaItems.createdAt), desc(mediaItems.id))
    .limit(limit);
}
