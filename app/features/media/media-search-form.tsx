import { useState, type RefObject } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { LANGUAGE_LOCALES, LANGUAGE_NAMES, LANGUAGES } from "~/lib/i18n";
import { numberFormat } from "~/lib/intl-formats";
import { useLanguage } from "~/lib/language";
import { useTranslation } from "~/lib/use-translation";
import { sortOf } from "./filters";
import { FilterSelect } from "./media-filter-select";
import type { MediaPageData } from "./media-page";
import { LICENSE_FILTER_OPTIONS, SEARCH_MAX, SORT_OPTIONS, TYPE_FILTER_OPTIONS, type MediaFilters } from "./media-types";

/** What the filter selects show ("" = all categories, all languages, any license). */
export function choiceOf(filters: MediaFilters) {
  return {
    type: filters.type,
    category: filters.category,
    language: filters.language ?? "",
    license: filters.license ?? "",
    sort: sortOf(filters),
  };
}

/** How many filters narrow the list (the phone's "Filters (n)" button). */
function activeFilters(filters: MediaFilters) {
  return [filters.type !== "all", filters.category !== "", Boolean(filters.language), Boolean(filters.license)].filter(Boolean).length;
}

export type FilterChoice = ReturnType<typeof choiceOf>;

/**
 * The library's search field and filters, each choice with how many items it leaves (ADR 0069).
 * A plain GET form without JavaScript; with it, a choice applies at once. On a phone the filters
 * wait behind one "Filters (n)" button, so the first result is in the first screen.
 */
export function MediaSearchForm({
  fieldRef,
  data,
  query,
  choice,
  onQueryChange,
  onSubmit,
  choose,
}: {
  /** The search field, for what was typed before React ran (media-page.tsx). */
  fieldRef: RefObject<HTMLInputElement | null>;
  data: Pick<MediaPageData, "filters" | "facets" | "categories">;
  query: string;
  choice: FilterChoice;
  onQueryChange: (value: string) => void;
  onSubmit: () => void;
  choose: (change: Partial<MediaFilters>) => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { filters, facets, categories } = data;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const format = numberFormat(LANGUAGE_LOCALES[language]);
  /**
   * An option's label with how many items choosing it leaves (none while the counts are unknown). The "all"
   * choices keep the spec's words alone ("All Types", "All Categories"): they narrow nothing.
   */
  const counted = (label: string, count: number | undefined) =>
    facets ? t("media.filters.option", { label, count: format.format(count ?? 0) }) : label;

  return (
    <Form
      method="get"
      action="/media"
      role="search"
      className="mt-6 grid gap-3 rounded-lg border border-border bg-card p-3 sm:mt-8 sm:p-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <div className="relative">
        <label htmlFor="media-search" className="sr-only">
          {t("media.search.label")}
        </label>
        <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <input
          ref={fieldRef}
          id="media-search"
          name="q"
          type="search"
          value={query}
          maxLength={SEARCH_MAX}
          onChange={(event) => onQueryChange(event.target.value)}
          placeholder={t("media.search.placeholder")}
          className="mfield pl-9 pr-3 placeholder:text-muted-foreground"
        />
      </div>
      {/* A phone: one button; the filters below it open on demand (from `sm` on they are always shown). */}
      <Button
        type="button"
        variant="outline"
        className="h-11 sm:hidden"
        aria-expanded={filtersOpen}
        aria-controls="media-filters"
        data-testid="media-filters-toggle"
        onClick={() => setFiltersOpen((open) => !open)}
      >
        {t("media.filters.toggle", { count: activeFilters(filters) })}
        <Icon name="chevron-down" className={filtersOpen ? "rotate-180" : undefined} />
      </Button>
      <div
        id="media-filters"
        className={`${filtersOpen ? "grid" : "hidden"} grid-cols-1 gap-3 sm:grid sm:grid-cols-3 xl:grid-cols-5 lg:col-span-full`}
      >
        <FilterSelect
          name="type"
          label={t("media.filters.type")}
          value={choice.type}
          options={TYPE_FILTER_OPTIONS.map((type) => ({
            value: type,
            label: type === "all" ? t("media.filters.allTypes") : counted(t(`media.filters.types.${type}`), facets?.type[type]),
          }))}
          onChoose={(type) => choose({ type: type as MediaFilters["type"] })}
        />
        <FilterSelect
          name="category"
          label={t("media.filters.category")}
          value={choice.category}
          options={[
            { value: "", label: t("media.filters.allCategories") },
            ...categories.map((category) => ({
              value: category.slug,
              label: counted(category.name, facets?.category[category.slug]),
              lang: category.lang,
            })),
          ]}
          onChoose={(category) => choose({ category })}
        />
        <FilterSelect
          name="language"
          label={t("media.filters.language")}
          value={choice.language}
          options={[
            { value: "", label: t("media.filters.allLanguages") },
            ...LANGUAGES.map((code) => ({ value: code, label: counted(LANGUAGE_NAMES[code], facets?.language[code]), lang: code })),
          ]}
          onChoose={(language) => choose({ language })}
        />
        <FilterSelect
          name="license"
          label={t("media.filters.license")}
          value={choice.license}
          options={LICENSE_FILTER_OPTIONS.map((group) => ({
            value: group,
            label: group ? counted(t(`media.filters.licenses.${group}`), facets?.license[group]) : t("media.filters.licenses.any"),
          }))}
          onChoose={(license) => choose({ license: license as MediaFilters["license"] })}
        />
        <FilterSelect
          name="sort"
          label={t("media.filters.sort")}
          value={choice.sort}
          options={SORT_OPTIONS.filter((order) => order !== "relevance" || filters.q).map((order) => ({
            value: order,
            label: t(`media.filters.sorts.${order}`),
          }))}
          onChoose={(sort) => choose({ sort: sort as MediaFilters["sort"] })}
        />
      </div>
      {/* Without JavaScript the form is submitted with this button. */}
      <noscript>
        <Button type="submit">{t("media.search.submit")}</Button>
      </noscript>
    </Form>
  );
}
