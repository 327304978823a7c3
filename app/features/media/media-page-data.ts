import { packCards, survivesMarkup, unpackCards } from "./card-markup";
import { readCardsOnPage } from "./media-card";
import { readFilterOptions } from "./media-filter-select";
import type { MediaPageData } from "./media-page";

/**
 * The page's data as the loader sends them. On a page request (HTML) the cards and the category
 * choices are in the markup, so the data carry only what the markup does not show (`packed`,
 * card-markup.ts); `items` and `categories` are there for the server's own render but are not sent
 * (ADR 0036). A data request (client navigation, "Load more") sends them whole.
 */
export type SentMediaPageData = Omit<MediaPageData, "items" | "categories" | "nextCursor"> &
  Partial<Pick<MediaPageData, "items" | "categories" | "nextCursor">> & { packed?: string };

/**
 * The data of a page request: the cards' and categories' part the markup shows is not sent, nor the
 * next page's cursor (the "Load more" link has it). They stay
 * on the object for the server's render as properties React Router's encoding (like JSON) does not
 * send: not enumerable. Category names the HTML parser would change are sent as before.
 */
export function leaveToMarkup<T extends MediaPageData>(data: T): Omit<T, "items" | "categories"> & SentMediaPageData {
  const sent = { ...data, packed: packCards(data.items) };
  Object.defineProperty(sent, "items", { enumerable: false });
  // The "Load more" link carries the next page's cursor.
  if (data.nextCursor !== null) Object.defineProperty(sent, "nextCursor", { enumerable: false });
  if (data.categories.every((category) => survivesMarkup(category.name) && survivesMarkup(category.slug))) {
    Object.defineProperty(sent, "categories", { enumerable: false });
  }
  return sent;
}

/**
 * The whole page data again. In the browser, for the data of a page request (first render, before
 * hydration), the cards and categories are read back from the server's markup; `complete` is false when
 * the markup does not hold them all (something changed the page), and the page then loads its data anew.
 */
export function completeFromMarkup<T extends SentMediaPageData>(sent: T): { data: T & MediaPageData; complete: boolean } {
  if (sent.items && sent.categories) return { data: sent as T & MediaPageData, complete: true };
  const items = sent.items ?? unpackCards(sent.packed ?? "", readCardsOnPage());
  const categories = sent.categories ?? readFilterOptions("category").map((option) => ({ name: option.label, slug: option.value }));
  const nextCursor = "nextCursor" in sent ? sent.nextCursor : readLoadMoreCursor();
  return {
    data: { ...sent, items: items ?? [], categories, nextCursor: nextCursor ?? null },
    complete: items !== undefined && nextCursor !== undefined,
  };
}

/** The cursor of the server-rendered "Load more" link (the list's next page); undefined without one. */
function readLoadMoreCursor(): string | undefined {
  const link = document.querySelector<HTMLAnchorElement>('section a[href^="/media?"][href*="cursor="]');
  return link ? (new URL(link.href).searchParams.get("cursor") ?? undefined) : undefined;
}
