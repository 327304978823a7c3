import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FILE_TYPES } from "~/db/schema";
import type { MediaAdminFilters } from "../media-list.server";
import { Field, selectClass } from "./field";

const SORTS = ["created", "title", "size", "downloads", "type"] as const;

function Select({
  id,
  label,
  name,
  value,
  options,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  options: Array<[string, string]>;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={selectClass}>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The media table's search (GET: it changes nothing): text, type, category, and the order (also on phones, where the table has no header). */
export function MediaFilters({ filters, categories }: { filters: MediaAdminFilters; categories: Array<{ id: string; name: string }> }) {
  const { t } = useTranslation();
  return (
    <Form
      method="get"
      role="search"
      aria-label={t("admin.media.searchLabel")}
      className="mb-6 grid gap-3 sm:grid-cols-2 xl:grid-cols-[1fr_9rem_10rem_10rem_9rem_auto] xl:items-end"
    >
      <Field
        name="q"
        type="search"
        label={t("admin.media.search")}
        defaultValue={filters.q}
        className="space-y-1.5 sm:col-span-2 xl:col-span-1"
      />
      <Select
        id="media-type"
        name="type"
        label={t("admin.media.columns.type")}
        value={filters.type}
        options={[["", t("admin.media.allTypes")], ...FILE_TYPES.map((type): [string, string] => [type, t(`admin.media.types.${type}`)])]}
      />
      <Select
        id="media-category"
        name="category"
        label={t("admin.media.columns.categories")}
        value={filters.category}
        options={[["", t("admin.media.allCategories")], ...categories.map((category): [string, string] => [category.id, category.name])]}
      />
      <Select
        id="media-sort"
        name="sort"
        label={t("admin.media.sortBy")}
        value={filters.sort}
        options={SORTS.map((sort): [string, string] => [sort, t(`admin.media.columns.${sort}`)])}
      />
      <Select
        id="media-dir"
        name="dir"
        label={t("admin.media.order")}
        value={filters.dir}
        options={[
          ["desc", t("admin.media.orders.desc")],
          ["asc", t("admin.media.orders.asc")],
        ]}
      />
      <Button type="submit" className="sm:col-span-2 xl:col-span-1">
        {t("admin.media.apply")}
      </Button>
    </Form>
  );
}
