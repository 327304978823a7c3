import { ArrowDown, ArrowUp, Plus, Upload } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";
import { FieldError, getFormProps, HydratedInput, SubmitButton } from "~/components/form";
import { Button } from "~/components/ui/button";
import { FILE_TYPES } from "~/db/schema";
import { LANGUAGE_LOCALES } from "~/lib/i18n";
import { useLanguage } from "~/lib/language";
import type { MediaAdminFilters } from "../media-list.server";
import { bulkSchema } from "../schemas/media-schema";
import { AdminHeading } from "./admin-shell";
import { FormOutcome, useConsoleForm } from "./console-form";
import { Field, selectClass } from "./field";
import { Pager } from "./pager";

interface Row {
  id: string;
  title: string;
  fileType: string;
  language: string;
  fileSize: number | null;
  downloads: number;
  createdAt: string;
  categories: string[];
  thumbnailUrl: string | null;
}

const COLUMNS = [
  { key: "title", sort: "title" },
  { key: "type", sort: "type" },
  { key: "language", sort: null },
  { key: "categories", sort: null },
  { key: "size", sort: "size" },
  { key: "downloads", sort: "downloads" },
  { key: "created", sort: "created" },
] as const;

export function MediaTable({
  items,
  total,
  pageSize,
  filters,
  categories,
}: {
  items: Row[];
  total: number;
  pageSize: number;
  filters: MediaAdminFilters;
  categories: Array<{ id: string; name: string }>;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const location = useLocation();
  const locale = LANGUAGE_LOCALES[language];
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium" });
  const megabytes = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  // One form, two buttons: each posts its own intent (the button's name/value).
  const bulk = useConsoleForm("bulk", { schema: bulkSchema, intents: ["assign", "delete"] });
  const bulkIntent = bulk.fetcher.formData?.get("intent");
  const sortHref = (sort: string) => {
    const params = new URLSearchParams(location.search);
    const same = filters.sort === sort;
    params.set("sort", sort);
    params.set("dir", same && filters.dir === "desc" ? "asc" : "desc");
    params.delete("page");
    return `${location.pathname}?${params}`;
  };
  return (
    <>
      <AdminHeading title={t("admin.media.title")}>
        <Button asChild variant="outline">
          <Link to="/admin/media/new-service">
            <Plus aria-hidden="true" />
            {t("admin.media.newService")}
          </Link>
        </Button>
        <Button asChild>
          <Link to="/admin/media/new">
            <Upload aria-hidden="true" />
            {t("admin.media.upload")}
          </Link>
        </Button>
      </AdminHeading>
      <Form
        method="get"
        role="search"
        aria-label={t("admin.media.searchLabel")}
        className="mb-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_10rem_12rem_auto] lg:items-end"
      >
        <Field name="q" type="search" label={t("admin.media.search")} defaultValue={filters.q} />
        <div className="space-y-1.5">
          <label htmlFor="media-type" className="block text-sm font-medium">
            {t("admin.media.columns.type")}
          </label>
          <select id="media-type" name="type" defaultValue={filters.type} className={selectClass}>
            <option value="">{t("admin.media.allTypes")}</option>
            {FILE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`admin.media.types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor="media-category" className="block text-sm font-medium">
            {t("admin.media.columns.categories")}
          </label>
          <select id="media-category" name="category" defaultValue={filters.category} className={selectClass}>
            <option value="">{t("admin.media.allCategories")}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <input type="hidden" name="sort" value={filters.sort} />
        <input type="hidden" name="dir" value={filters.dir} />
        <Button type="submit">{t("admin.media.apply")}</Button>
      </Form>
      <p className="mb-2 text-sm text-muted-foreground" aria-live="polite">
        {t("admin.media.count", { count: total })}
      </p>
      <bulk.fetcher.Form method="post" {...getFormProps(bulk.form)}>
        <HydratedInput />
        <FormOutcome kit={bulk} className="mb-3" />
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full min-w-[60rem] text-left text-sm" data-testid="media-table">
            <thead className="bg-muted/50 text-muted-foreground">
              <tr>
                <th scope="col" className="w-10 px-3 py-2">
                  <span className="sr-only">{t("admin.media.select")}</span>
                </th>
                <th scope="col" className="w-16 px-3 py-2">
                  <span className="sr-only">{t("admin.media.columns.thumbnail")}</span>
                </th>
                {COLUMNS.map((column) => {
                  const active = column.sort && filters.sort === column.sort;
                  return (
                    <th
                      key={column.key}
                      scope="col"
                      className="px-3 py-2 font-medium"
                      aria-sort={active ? (filters.dir === "asc" ? "ascending" : "descending") : undefined}
                    >
                      {column.sort ? (
                        <Link to={sortHref(column.sort)} className="inline-flex items-center gap-1 hover:text-foreground">
                          {t(`admin.media.columns.${column.key}`)}
                          {active ? (
                            filters.dir === "asc" ? (
                              <ArrowUp className="size-3" aria-hidden="true" />
                            ) : (
                              <ArrowDown className="size-3" aria-hidden="true" />
                            )
                          ) : null}
                        </Link>
                      ) : (
                        t(`admin.media.columns.${column.key}`)
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} className="border-t border-border align-middle" data-testid="media-row">
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      name="ids"
                      value={item.id}
                      aria-label={t("admin.media.selectItem", { title: item.title })}
                      className="size-4"
                    />
                  </td>
                  <td className="px-3 py-2">
                    {item.thumbnailUrl ? (
                      <img src={item.thumbnailUrl} alt="" width={48} height={48} loading="lazy" className="size-12 rounded object-cover" />
                    ) : (
                      <span
                        className="flex size-12 items-center justify-center rounded bg-muted text-xs uppercase text-muted-foreground"
                        aria-hidden="true"
                      >
                        {item.fileType.slice(0, 3)}
                      </span>
                    )}
                  </td>
                  <th scope="row" className="max-w-xs px-3 py-2 font-normal">
                    <Link to={`/admin/media/${item.id}`} className="break-words text-primary underline underline-offset-2">
                      {item.title}
                    </Link>
                  </th>
                  <td className="px-3 py-2">{t(`admin.media.types.${item.fileType}`)}</td>
                  <td className="px-3 py-2 uppercase">{item.language}</td>
                  <td className="px-3 py-2">{item.categories.join(", ") || "—"}</td>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                    {item.fileSize === null ? "—" : `${megabytes.format(item.fileSize / (1024 * 1024))} MB`}
                  </td>
                  <td className="px-3 py-2 tabular-nums">{item.downloads}</td>
                  <td className="whitespace-nowrap px-3 py-2">{date.format(new Date(item.createdAt))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {items.length > 0 ? (
          <fieldset className="mt-4 flex flex-wrap items-end gap-3 rounded-lg border border-border p-4">
            <legend className="px-1 text-sm font-semibold">{t("admin.media.bulkTitle")}</legend>
            <div className="space-y-1.5">
              <label htmlFor="bulk-category" className="block text-sm font-medium">
                {t("admin.media.bulkCategory")}
              </label>
              <select id="bulk-category" name="categoryId" className={selectClass}>
                {categories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </select>
            </div>
            <SubmitButton
              name="intent"
              value="assign"
              variant="outline"
              disabled={categories.length === 0}
              busy={bulk.busy && bulkIntent === "assign"}
              busyLabel={t("admin.actions.saving")}
            >
              {t("admin.media.bulkAssign")}
            </SubmitButton>
            <SubmitButton
              name="intent"
              value="delete"
              variant="destructive"
              busy={bulk.busy && bulkIntent === "delete"}
              busyLabel={t("admin.actions.saving")}
              onClick={(event) => {
                if (!window.confirm(t("admin.media.confirmBulkDelete"))) event.preventDefault();
              }}
            >
              {t("admin.media.bulkDelete")}
            </SubmitButton>
            <FieldError field={bulk.fields.ids} className="basis-full" />
          </fieldset>
        ) : (
          <p className="mt-4 text-muted-foreground">{t("admin.media.empty")}</p>
        )}
      </bulk.fetcher.Form>
      <Pager page={filters.page} hasMore={filters.page * pageSize < total} />
    </>
  );
}
