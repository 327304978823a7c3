/** The list's pages (ADR 0066): read by the route's cache key and its loader alike. */
export const NEWS_PAGE_SIZE = 10;
export const MAX_NEWS_PAGE = 1000;

/** `?page=` as the list reads it: a whole number from 1, absent meaning 1; anything else undefined. */
export function newsPageOf(value: string | null) {
  if (value === null || value === "") return 1;
  return /^[1-9]\d{0,3}$/.test(value) && Number(value) <= MAX_NEWS_PAGE ? Number(value) : undefined;
}
