import type { ClientLoaderFunctionArgs, HeadersFunction, LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from "react-router";
import { data, useLoaderData, useRouteLoaderData } from "react-router";
import { AccountNoticeSlot } from "~/features/account/account-notice-slot";
import { getOptionalUser } from "~/features/account/session.server";
import { MediaPage, type MediaPageData } from "~/features/media/media-page";
import { searchLibrary } from "~/features/media/facets.server";
import { findCategory, listCategoryOptions } from "~/features/media/library.server";
import { findMediaItem, type MediaPage as FoundPage } from "~/features/media/media.server";
import { toCardView } from "~/features/media/media-types";
import { relatedItems } from "~/features/media/related.server";
import { languageFromRequest } from "~/lib/i18n.server";
import { HYDRATE_ON_INTERACTION } from "~/lib/document-page";
import { logger } from "~/lib/logger.server";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";
import { isUuid } from "~/lib/uuid";
import type { RootLoaderData } from "~/root";
import { decodeCursor, parseLibraryFilters } from "~/features/media/filters";
import { canonicalQuery, LIVE_LIFETIME_MS, onlyParams, RESULT_COUNT_HEADER, type Page } from "~/lib/page";

export const meta = metaFromLoader;
// Translation namespaces the browser loads for this page (app/lib/i18n.ts).
export const handle = { i18n: ["media"], ...HYDRATE_ON_INTERACTION };
export const page = {
  sitemap: true,
  cache: {
    tag: "media",
    lifetimeMs: LIVE_LIFETIME_MS,
    brotliQuality: 5,
    key(params) {
      if (!onlyParams(params, ["q", "type", "category", "language", "license", "sort", "cursor", "item"])) return undefined;
      // The loader's own parsing: what it ignores or trims does not make another page.
      const filters = parseLibraryFilters(new URL(`http://cache.invalid/?${params}`));
      const cursor = params.get("cursor");
      const item = params.get("item");
      return canonicalQuery({
        q: filters.q,
        type: filters.type === "all" ? "" : filters.type,
        category: filters.category,
        language: filters.language ?? "",
        license: filters.license ?? "",
        sort: filters.sort ?? "",
        cursor: cursor && decodeCursor(cursor) ? cursor : "",
        item: isUuid(item) ? item.toLowerCase() : "",
      });
    },
  },
} satisfies Page;

export async function loader({ request }: LoaderFunctionArgs) {
  const payload = await loadLibraryPage(request);
  // The number found, for the analytics' zero-result searches (server/analytics.ts); none when loading failed.
  return data(payload, { headers: payload.loadFailed ? {} : { [RESULT_COUNT_HEADER]: String(payload.total) } });
}

/** The loader's headers on the document too (the result count; React Router takes only its cookies without this). */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

async function loadLibraryPage(request: Request) {
  const url = new URL(request.url);
  const requested = parseLibraryFilters(url);
  // The page's language: the items' and categories' texts in it, with their own as the fallback.
  const language = languageFromRequest(request);
  const [user, meta, categories] = await Promise.all([
    getOptionalUser(request),
    loadPageMeta(request, "media.meta"),
    // Spec §8: a failure to load categories is only logged.
    listCategoryOptions(language).catch((error: Error) => {
      logger.error(`Loading categories failed: ${error.message}`);
      return [];
    }),
  ]);
  // The URL names a category by slug (or, in old links, by id); the page shows its slug.
  const category = findCategory(categories, requested.category);
  const filters = { ...requested, category: category?.slug ?? "" };
  const query = { ...requested, category: category?.id ?? "" };
  let page: FoundPage & Pick<MediaPageData, "loadFailed" | "total" | "facets" | "suggestion"> = {
    items: [],
    nextCursor: null,
    loadFailed: false,
    total: 0,
    facets: null,
    suggestion: null,
  };
  try {
    // The list and the counts are of the same (maybe typo-corrected) search.
    const found = await searchLibrary(query, { cursor: url.searchParams.get("cursor"), language });
    // The filters count by category id; the page names categories by slug.
    const byCategory = Object.fromEntries(categories.map((option) => [option.slug ?? option.id, found.facets.category[option.id] ?? 0]));
    byCategory[""] = found.facets.category[""] ?? 0;
    page = {
      items: found.items,
      nextCursor: found.nextCursor,
      total: found.total,
      facets: { ...found.facets, category: byCategory },
      suggestion: found.terms.corrected,
      loadFailed: false,
    };
  } catch (error) {
    logger.error(`Loading media items failed: ${(error as Error).message}`);
    page.loadFailed = true;
  }
  const itemId = url.searchParams.get("item");
  const [found, related] = await Promise.all([
    itemId ? (page.items.find((item) => item.id === itemId) ?? findMediaItem(itemId, language).catch(() => undefined)) : undefined,
    // The open item's related rows come with it, in the same answer, and are kept (related.server.ts).
    isUuid(itemId)
      ? relatedItems(itemId.toLowerCase(), language).catch((error: Error) => {
          logger.error(`Loading related media items failed: ${error.message}`);
          return {};
        })
      : {},
  ]);
  const selected = found ?? null;
  return {
    meta,
    filters,
    ...page,
    items: page.items.map(toCardView),
    // The filter needs a category's name and address, not its id (ADR 0034).
    categories: categories.map((option) => ({
      name: option.name,
      slug: option.slug ?? option.id,
      ...(option.lang ? { lang: option.lang } : {}),
    })),
    selected,
    related: selected ? related : {},
    isSignedIn: user !== null,
  } satisfies MediaPageData & { meta: typeof meta };
}

type MediaLoaderData = Awaited<ReturnType<typeof loadLibraryPage>>;
let lastData: MediaLoaderData | undefined;

/**
 * In the browser a failed load (server down, network error) keeps the list on screen and shows
 * the toast of spec §8, instead of replacing the page with the error screen.
 */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  try {
    const data = (await serverLoader()) as MediaLoaderData;
    // "Load more" pages are not a list to fall back to.
    if (!new URL(request.url).searchParams.has("cursor")) lastData = data;
    return data;
  } catch (error) {
    console.error("Loading media items failed", error);
    if (!lastData) throw error;
    return { ...lastData, loadFailed: true, loadFailedAt: Date.now() };
  }
}

/**
 * Closing the dialog (`?item=` removed) only changes the URL; opening one loads the item's details
 * (the list carries only what the cards show, see toCardView) while the dialog already shows the card's.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.href !== nextUrl.href) {
    const strip = (url: URL) => {
      const params = new URLSearchParams(url.search);
      params.delete("item");
      params.sort();
      return params.toString();
    };
    if (strip(currentUrl) === strip(nextUrl)) return nextUrl.searchParams.has("item");
  }
  return defaultShouldRevalidate;
}

export default function MediaRoute() {
  const data = useLoaderData<typeof loader>();
  // The server-rendered data is the fallback for a failing first client-side load.
  if (typeof window !== "undefined") lastData ??= data;
  // Back from signing up for a gated download: the account notice also in the item's dialog, which covers the page.
  const notice = useRouteLoaderData<RootLoaderData>("root")?.notice;
  return <MediaPage data={data} dialogNotice={<AccountNoticeSlot notice={notice} placement="dialog" />} />;
}
