import { ArrowDown, ArrowUp, Plus, Upload } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { Link, useLocation } from "react-router";
import { FieldError, getFormProps, HydratedInput, SubmitButton } from "~/components/form";
import { Button } from "~/components/ui/button";
import { LANGUAGE_LOCALES } from "~/lib/i18n";
import { useLanguage } from "~/lib/language";
import type { MediaAdminFilters } from "../media-list.server";
import { bulkSchema } from "../schemas/media-schema";
import { AdminHeading } from "./admin-shell";
import { FormOutcome, useConsoleForm } from "./console-form";
import { ConsoleTable } from "./console-table";
import { MediaFilters } from "./media-filters";
import { Pager } from "./pager";
import { selectClass } from "./field";

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
  /** false: a draft, not on /media (ADR 0060). */
  published: boolean;
}

const COLUMNS = [
  { key: "select", sort: null },
  { key: "thumbnail", sort: null },
  { key: "title", sort: "title" },
  { key: "status", sort: null },
  { key: "type", sort: "type" },
  { key: "language", sort: null },
  { key: "categories", sort: null },
  { key: "size", sort: "size" },
  { key: "downloads", sort: "downloads" },
  { key: "created", sort: "created" },
] as const;

/** A column title that sorts by it (again: the other way round). */
function SortLink({ href, label, direction }: { href: string; label: string; direction?: "asc" | "desc" }) {
  return (
    <Link to={href} className="inline-flex items-center gap-1 hover:text-foreground">
      {label}
      {direction === "asc" ? <ArrowUp className="size-3" aria-hidden="true" /> : null}
      {direction === "desc" ? <ArrowDown className="size-3" aria-hidden="true" /> : null}
    </Link>
  );
}

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
  const bulk = useConsoleForm("bulk", { schema: bulkSchema, intents: ["assign", "delete", "publish", "unpublish"] });
  const bulkIntent = bulk.fetcher.formData?.get("intent");
  const sortHref = (sort: string) => {
    const params = new URLSearchParams(location.search);
    const same = filters.sort === sort;
    params.set("sort", sort);
    params.set("dir", same && filters.dir === "desc" ? "asc" : "desc");
    params.delete("page");
    return `${location.pathname}?${params}`;
  };
  const columns = COLUMNS.map((column) => {
    const label =
      column.key === "select"
        ? t("admin.media.select")
        : column.key === "status"
          ? t("admin.media.publishing.status")
          : t(`admin.media.columns.${column.key}`);
    const active = column.sort !== null && filters.sort === column.sort;
    return {
      key: column.key,
      label,
      nowrap: column.key === "size" || column.key === "created",
      sort: active ? (filters.dir === "asc" ? ("ascending" as const) : ("descending" as const)) : undefined,
      header:
        column.sort === null ? (
          column.key === "select" || column.key === "thumbnail" ? (
            <span className="sr-only">{label}</span>
          ) : undefined
        ) : (
          <SortLink href={sortHref(column.sort)} label={label} direction={active ? filters.dir : undefined} />
        ),
    };
  });
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
      <MediaFilters filters={filters} categories={categories} />
      <p className="mb-2 text-sm text-muted-foreground" aria-live="polite">
        {t("admin.media.count", { count: total })}
      </p>
      <bulk.fetcher.Form method="post" {...getFormProps(bulk.form)}>
        <HydratedInput />
        <FormOutcome kit={bulk} className="mb-3" />
        <ConsoleTable
          from="xl"
          testId="media-table"
          rowTestId="media-row"
          rowHeader={2}
          columns={columns}
          rows={items}
          rowKey={(item) => item.id}
          cells={(item) => [
            <input
              key="select"
              type="checkbox"
              name="ids"
              value={item.id}
              aria-label={t("admin.media.selectItem", { title: item.title })}
              className="size-4"
            />,
            item.thumbnailUrl ? (
              <img
                key="thumbnail"
                src={item.thumbnailUrl}
                alt=""
                width={48}
                height={48}
                loading="lazy"
                className="size-12 rounded object-cover"
              />
            ) : (
              <span
                key="thumbnail"
                className="flex size-12 items-center justify-center rounded bg-muted text-xs uppercase text-muted-foreground"
                aria-hidden="true"
              >
                {item.fileType.slice(0, 3)}
              </span>
            ),
            <Link key="title" to={`/admin/media/${item.id}`} className="break-words text-primary underline underline-offset-2">
              {item.title}
            </Link>,
            <span key="status" data-testid="media-status" className={item.published ? undefined : "font-medium text-accent"}>
              {item.published ? t("admin.media.publishing.statusPublished") : t("admin.media.publishing.statusDraft")}
            </span>,
            t(`admin.media.types.${item.fileType}`),
            <span key="language" className="uppercase">
              {item.language}
            </span>,
            item.categories.join(", ") || "—",
            item.fileSize === null ? "—" : `${megabytes.format(item.fileSize / (1024 * 1024))} MB`,
            item.downloads,
            date.format(new Date(item.createdAt)),
          ]}
        />
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
              value="publish"
              variant="outline"
              busy={bulk.busy && bulkIntent === "publish"}
              busyLabel={t("admin.actions.saving")}
            >
              {t("admin.media.publishing.bulkPublish")}
            </SubmitButton>
            <SubmitButton
              name="intent"
              value="unpublish"
              variant="outline"
              busy={bulk.busy && bulkIntent === "unpublish"}
              busyLabel={t("admin.actions.saving")}
            >
              {t("admin.media.publishing.bulkUnpublish")}
            </SubmitButton>
            <SubmitButton
              name="intent"
              value="delete"
              variant="destructive"
              busy={bulk.busy && bulkIntent === "delete"}
              busyLabel={t("admin.actions.deleting")}
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
