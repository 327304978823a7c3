import { useTranslation } from "~/lib/use-translation";
import { FILE_TYPES } from "~/db/schema";
import type { MediaAdminFilters } from "../media-list.server";
import { ConsoleSearch, ConsoleSelect } from "./console-search";

const SORTS = ["created", "title", "size", "downloads", "type"] as const;

/** The media table's search (GET: it changes nothing): text, type, category, and the order (also on phones, where the table has no header). */
export function MediaFilters({ filters, categories }: { filters: MediaAdminFilters; categories: Array<{ id: string; name: string }> }) {
  const { t } = useTranslation();
  return (
    <ConsoleSearch
      keys="admin.media"
      query={filters.q}
      className="mb-6 grid gap-3 sm:grid-cols-2 xl:grid-cols-[1fr_9rem_10rem_10rem_9rem_auto] xl:items-end"
      queryClassName="space-y-1.5 sm:col-span-2 xl:col-span-1"
      submitClassName="sm:col-span-2 xl:col-span-1"
    >
      <ConsoleSelect
        id="media-type"
        name="type"
        label={t("admin.media.columns.type")}
        value={filters.type}
        options={[["", t("admin.media.allTypes")], ...FILE_TYPES.map((type): [string, string] => [type, t(`admin.media.types.${type}`)])]}
      />
      <ConsoleSelect
        id="media-category"
        name="category"
        label={t("admin.media.columns.categories")}
        value={filters.category}
        options={[["", t("admin.media.allCategories")], ...categories.map((category): [string, string] => [category.id, category.name])]}
      />
      <ConsoleSelect
        id="media-sort"
        name="sort"
        label={t("admin.media.sortBy")}
        value={filters.sort}
        options={SORTS.map((sort): [string, string] => [sort, t(`admin.media.columns.${sort}`)])}
      />
      <ConsoleSelect
        id="media-dir"
        name="dir"
        label={t("admin.media.order")}
        value={filters.dir}
        options={[
          ["desc", t("admin.media.orders.desc")],
          ["asc", t("admin.media.orders.asc")],
        ]}
      />
    </ConsoleSearch>
  );
}
