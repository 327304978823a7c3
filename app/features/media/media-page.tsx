import { Loader2 } from "lucide-react";
import { useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Link, useFetcher, useNavigate, useNavigation, useSearchParams } from "react-router";
import { usePreloadToaster, toast } from "~/components/ui/toaster";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { useHydrated } from "~/lib/use-hydrated";
import { MediaCard } from "./media-card";
import { LazyMediaDialog, preloadMediaDialogHandlers } from "./media-dialog-lazy";
import { choiceOf, MediaSearchForm } from "./media-search-form";
import {
  fromCardView,
  type MediaCardView,
  type MediaFacets,
  type MediaFilters,
  type MediaItemView,
  type RelatedItems,
} from "./media-types";
import { useFileActions } from "./use-file-actions";

export interface MediaPageData {
  filters: MediaFilters;
  /** The cards' part of each item (toCardView). */
  items: MediaCardView[];
  nextCursor: string | null;
  /**
   * The category filter's choices: the name in the page's language, the address the URL names it by
   * (its slug, or its id when it has none), and `lang` when the name is the English fallback.
   */
  categories: Array<{ name: string; slug: string; lang?: string }>;
  selected: MediaItemView | null;
  /** The selected item's related rows (empty without one). */
  related?: RelatedItems;
  isSignedIn: boolean;
  loadFailed: boolean;
  /** How many items match the filters (all pages). */
  total: number;
  /** How many items each filter choice leaves (categories by slug); null when loading failed. */
  facets: MediaFacets | null;
  /** The typo-corrected search the list shows results of ("Did you mean …?"), or null. */
  suggestion: string | null;
  /** Set by the client loader when a reload failed (the previous list stays). */
  loadFailedAt?: number;
}

const SEARCH_DEBOUNCE_MS = 300;

/** A related item's card, shown while its whole item loads (it may not be in the list). */
function relatedCard(related: RelatedItems | undefined, id: string) {
  const card = Object.values(related ?? {})
    .flat()
    .find((item) => item.id === id);
  return card ? fromCardView(card) : undefined;
}

/** The URL of a set of filters (empty values and "all" are left out, so links stay short). */
export function filtersToParams(filters: MediaFilters, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.type !== "all") params.set("type", filters.type);
  if (filters.category) params.set("category", filters.category);
  if (filters.language) params.set("language", filters.language);
  if (filters.license) params.set("license", filters.license);
  if (filters.sort) params.set("sort", filters.sort);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params;
}

/** `dialogNotice`: shown in the item's dialog (the account notice of a visitor a gated download sent to sign up). */
export function MediaPage({ data, dialogNotice }: { data: MediaPageData; dialogNotice?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const { filters } = data;
  const [query, setQuery] = useState(filters.q);
  const [more, setMore] = useState<{ items: MediaCardView[]; cursor: string | null }>({ items: [], cursor: data.nextCursor });
  const fetcher = useFetcher<MediaPageData>();
  const actions = useFileActions(data.isSignedIn);
  // Marks the page as interactive (tests wait for it before clicking what needs JavaScript).
  const isHydrated = useHydrated();
  usePreloadToaster();

  // New results (filters changed, back button): start over from the first page.
  const isTyping = useRef(false);
  useEffect(() => {
    setMore({ items: [], cursor: data.nextCursor });
    // Keep what the person is still typing; otherwise show the URL's query (back button, links).
    if (!isTyping.current) setQuery(data.filters.q);
  }, [data.items, data.nextCursor, data.filters.q]);

  useEffect(() => {
    if (data.loadFailed) toast.error(t("media.toast.loadErrorTitle"), { description: t("media.toast.loadErrorDescription") });
  }, [data.loadFailed, data.loadFailedAt, data.items, t]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const page = fetcher.data;
    if (page.loadFailed) {
      toast.error(t("media.toast.loadErrorTitle"), { description: t("media.toast.loadErrorDescription") });
      return;
    }
    setMore((current) => {
      const known = new Set(current.items.map((item) => item.id));
      return { items: [...current.items, ...page.items.filter((item) => !known.has(item.id))], cursor: page.nextCursor };
    });
  }, [fetcher.state, fetcher.data, t]);

  // The controls show the choice at once; quick successive changes build on each other, not on
  // the filters of a page that is still loading.
  const latest = useRef(filters);
  const [choice, setChoice] = useState(() => choiceOf(filters));
  useEffect(() => {
    latest.current = data.filters;
    setChoice(choiceOf(data.filters));
  }, [data.filters]);

  const applyFilters = (change: Partial<MediaFilters>) => {
    const next = { ...latest.current, ...change };
    latest.current = next;
    const params = filtersToParams(next);
    void navigate({ pathname: "/media", search: params.size ? `?${params}` : "" }, { preventScrollReset: true });
  };

  const choose = (change: Partial<MediaFilters>) => {
    setChoice((current) => ({ ...current, ...change }));
    applyFilters({ q: query.trim(), ...change });
  };

  // Typing reloads the list after a short pause; Enter submits at once.
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(debounce.current), []);
  const onQueryChange = (value: string) => {
    setQuery(value);
    isTyping.current = true;
    clearTimeout(debounce.current);
    debounce.current = setTimeout(() => {
      isTyping.current = false;
      if (value.trim() !== latest.current.q) applyFilters({ q: value.trim() });
    }, SEARCH_DEBOUNCE_MS);
  };

  // The page hydrates on first use (ADR 0094): what was typed before React ran is in the field, not yet in
  // the state; take it up as if it were typed now.
  const searchField = useRef<HTMLInputElement>(null);
  const takeUpTyped = useEffectEvent(() => {
    const typed = searchField.current?.value;
    if (typed !== undefined && typed !== query) onQueryChange(typed);
  });
  useEffect(() => takeUpTyped(), []);

  const items = useMemo(() => [...data.items, ...more.items].map(fromCardView), [data.items, more.items]);
  const itemId = searchParams.get("item");
  const cardIndex = itemId ? items.findIndex((item) => item.id === itemId) : -1;
  const selected = itemId
    ? // The whole item once it is loaded; until then the card's part of it.
      data.selected?.id === itemId
      ? data.selected
      : (items.find((item) => item.id === itemId) ?? relatedCard(data.related, itemId))
    : undefined;

  const openItem = (item: MediaItemView) => {
    const params = new URLSearchParams(searchParams);
    params.set("item", item.id);
    void navigate({ search: `?${params}` }, { preventScrollReset: true });
  };
  const closeItem = () => {
    const params = new URLSearchParams(searchParams);
    params.delete("item");
    void navigate({ search: params.size ? `?${params}` : "" }, { preventScrollReset: true });
  };

  const isLoading =
    navigation.state === "loading" && navigation.location.pathname === "/media" && !navigation.location.search.includes("item=");
  const hasFilters = filters.q !== "" || filters.type !== "all" || filters.category !== "" || Boolean(filters.language);
  const fileActions = {
    isSignedIn: data.isSignedIn,
    downloadingId: actions.downloadingId,
    downloadCounts: actions.downloadCounts,
    onPreview: (item: MediaItemView) => void actions.preview(item),
    onDownload: (item: MediaItemView) => void actions.download(item),
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14" data-hydrated={isHydrated ? "true" : undefined}>
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("media.title")}</h1>
        <p className="mt-3 text-muted-foreground">{t("media.intro")}</p>
      </header>

      <MediaSearchForm
        fieldRef={searchField}
        data={data}
        query={query}
        choice={choice}
        onQueryChange={onQueryChange}
        onSubmit={() => {
          clearTimeout(debounce.current);
          isTyping.current = false;
          applyFilters({ q: query.trim() });
        }}
        choose={choose}
      />

      <p className="mt-4 text-sm text-muted-foreground sm:mt-6" role="status" data-testid="media-count">
        {data.loadFailed ? "" : t("media.results.count", { count: data.total })}
      </p>
      {data.suggestion && (
        <p className="mt-1 text-sm" data-testid="media-suggestion">
          {t("media.search.didYouMean.before")}{" "}
          <Link
            className="font-medium text-primary underline underline-offset-4"
            to={`/media?${filtersToParams({ ...filters, q: data.suggestion })}`}
            preventScrollReset
          >
            {data.suggestion}
          </Link>
          {t("media.search.didYouMean.after")}
        </p>
      )}
      <section
        aria-label={t("media.results.label")}
        aria-busy={isLoading}
        className="relative mt-3 min-h-48"
        {...preloadMediaDialogHandlers}
      >
        {isLoading && (
          <div role="status" className="absolute inset-x-0 top-0 z-10 flex justify-center pt-16">
            <span className="inline-flex items-center gap-2 rounded-full border border-border bg-popover px-4 py-2 text-sm shadow-lg">
              <Loader2 className="size-4 animate-spin text-primary" aria-hidden="true" />
              {t("media.results.loading")}
            </span>
          </div>
        )}
        {items.length === 0 ? (
          <div
            className="flex flex-col items-center rounded-lg border border-dashed border-border px-6 py-16 text-center"
            data-testid="media-empty"
          >
            <Icon name="search-x" className="size-10 text-muted-foreground" />
            <p className="mt-4 text-lg font-semibold">{t("media.results.empty")}</p>
            {hasFilters && (
              <>
                <p className="mt-1 text-sm text-muted-foreground">{t("media.results.emptyHint")}</p>
                <Button asChild variant="outline" size="sm" className="mt-4">
                  <Link to="/media">{t("media.results.clearFilters")}</Link>
                </Button>
              </>
            )}
          </div>
        ) : (
          <div className={`grid grid-cols-1 gap-5 transition-opacity sm:grid-cols-2 lg:grid-cols-3 ${isLoading ? "opacity-50" : ""}`}>
            {items.map((item, index) => (
              <MediaCard key={item.id} item={item} index={index} onOpen={openItem} {...fileActions} />
            ))}
          </div>
        )}
        {more.cursor && (
          <div className="mt-8 flex justify-center">
            <Button asChild variant="outline">
              <Link
                to={`/media?${filtersToParams(filters, { cursor: more.cursor })}`}
                onClick={(event) => {
                  event.preventDefault();
                  if (fetcher.state === "idle" && more.cursor)
                    void fetcher.load(`/media?${filtersToParams(filters, { cursor: more.cursor })}`);
                }}
                aria-disabled={fetcher.state !== "idle"}
              >
                {fetcher.state !== "idle" && <Loader2 className="animate-spin" aria-hidden="true" />}
                {fetcher.state !== "idle" ? t("media.results.loadingMore") : t("media.results.loadMore")}
              </Link>
            </Button>
          </div>
        )}
      </section>

      <LazyMediaDialog
        item={selected}
        related={data.selected?.id === itemId ? data.related : undefined}
        relatedHref={(id) => `?${new URLSearchParams({ ...Object.fromEntries(searchParams), item: id })}`}
        cardIndex={cardIndex}
        onClose={closeItem}
        notice={dialogNotice}
        {...fileActions}
      />
    </div>
  );
}
