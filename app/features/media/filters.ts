import { LANGUAGES } from "~/lib/i18n";
import { isUuid } from "~/lib/uuid";
import {
  LICENSE_FILTER_OPTIONS,
  SEARCH_MAX,
  SORT_OPTIONS,
  type LicenseFilter,
  type MediaFilters,
  type SortOrder,
  type TypeFilter,
} from "./media-types";

/**
 * Reading the library's address (`?q=&type=&category=&language=&cursor=`): pure functions shared by
 * the loaders and the /media page's cache key (its `page` declaration), which the browser build
 * may see and so may not import a `.server` module.
 */

const TYPE_FILTERS: readonly TypeFilter[] = ["all", "document", "image", "video", "audio", "services"];

/** The filters of a URL (`?q=&type=&category=&license=&sort=`); anything unknown falls back to "all". */
export function parseFilters(url: URL): MediaFilters {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, SEARCH_MAX);
  const type = url.searchParams.get("type") ?? "all";
  const category = url.searchParams.get("category");
  const license = url.searchParams.get("license") ?? "";
  const sort = url.searchParams.get("sort") ?? "";
  return {
    q,
    type: (TYPE_FILTERS as readonly string[]).includes(type) ? (type as TypeFilter) : "all",
    category: isUuid(category) ? category.toLowerCase() : "",
    ...((LICENSE_FILTER_OPTIONS as readonly string[]).includes(license) && license ? { license: license as LicenseFilter } : {}),
    // Relevance needs a search; without one it is the default order, newest first.
    ...((SORT_OPTIONS as readonly string[]).includes(sort) && !(sort === "relevance" && !q) ? { sort: sort as SortOrder } : {}),
  };
}

/** The order a list is in: newest first (the spec's order, also for a search) unless another was chosen. */
export function sortOf(filters: MediaFilters): SortOrder {
  return filters.sort ?? "newest";
}

/** Where the next page starts: after an item (newest first, keyset) or after a number of items (other orders). */
type Cursor = { createdAt: string; id: string } | { offset: number };

export function encodeCursor(cursor: Cursor) {
  return Buffer.from("offset" in cursor ? `@${cursor.offset}` : `${cursor.createdAt}|${cursor.id}`).toString("base64url");
}

/**
 * PostgreSQL's text form of a timestamptz (e.g. "2025-01-03 10:00:00.123456+00") naming a moment that
 * exists: a made-up cursor ("2026-99-99 …") is no cursor (the first page), never a failed query.
 */
function isTimestampText(value: string | undefined): value is string {
  const match = /^(\d{4})-(\d\d)-(\d\d) (?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,6})?[+-](?:0\d|1[0-5])(?::[0-5]\d){0,2}$/.exec(
    value ?? "",
  );
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The deepest page an offset cursor reaches (relevance and download order). */
const OFFSET_MAX = 10_000;

export function decodeCursor(value: string | null | undefined): Cursor | undefined {
  if (!value) return undefined;
  const text = Buffer.from(value, "base64url").toString("utf8");
  const offset = /^@(\d{1,5})$/.exec(text);
  if (offset) return Number(offset[1]) <= OFFSET_MAX ? { offset: Number(offset[1]) } : undefined;
  const [createdAt, id] = text.split("|");
  if (!isUuid(id) || !isTimestampText(createdAt)) return undefined;
  return { createdAt, id };
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** The filters of a URL, the category still as written there (slug or id) and with the language. */
export function parseLibraryFilters(url: URL): MediaFilters {
  const base = parseFilters(url);
  const rawCategory = (url.searchParams.get("category") ?? "").trim().toLowerCase();
  const language = url.searchParams.get("language") ?? "";
  return {
    ...base,
    category: isUuid(rawCategory) || SLUG.test(rawCategory) ? rawCategory : "",
    language: (LANGUAGES as readonly string[]).includes(language) ? language : "",
  };
}
