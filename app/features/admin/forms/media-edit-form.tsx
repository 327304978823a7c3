import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FILE_TYPES, type Attribution, type Creator, type License, type Source } from "~/db/schema";
import { Field, selectClass, TextArea } from "../components/field";

export interface EditableItem {
  title: string;
  description: string | null;
  fileType: string;
  language: string;
  aiGenerated: boolean;
  version: string | null;
  searchableText: string | null;
  serviceKind: string | null;
  endpoint: string | null;
  externalLinks: Record<string, string>;
  creator: Creator | null;
  source: Source | null;
  license: License | null;
  attribution: Attribution | null;
  categories: string[];
}

/**
 * Every field of a media item (spec §3) in one form (its own file so it moves to the form kit
 * mechanically). External links are label/URL pairs: the stored ones plus empty rows.
 */
export function MediaEditForm({
  item,
  categories,
  errors = {},
  linkRows,
}: {
  item: EditableItem;
  categories: Array<{ id: string; name: string }>;
  errors?: Record<string, string>;
  linkRows: number;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const links = Object.entries(item.externalLinks);
  const rows = Math.max(linkRows, links.length + 2);
  const label = (key: string) => t(`admin.media.fields.${key}`);
  return (
    <Form method="post" className="space-y-8" noValidate>
      <input type="hidden" name="intent" value="save" />
      <fieldset className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2 sm:p-6">
        <legend className="px-2 text-lg font-semibold">{t("admin.media.groups.basics")}</legend>
        <Field
          name="title"
          label={label("title")}
          defaultValue={item.title}
          error={errors.title}
          required
          className="space-y-1.5 sm:col-span-2"
        />
        <div className="sm:col-span-2">
          <TextArea name="description" label={label("description")} defaultValue={item.description ?? ""} error={errors.description} />
        </div>
        <div className="space-y-1.5">
          <label htmlFor="field-fileType" className="block text-sm font-medium">
            {label("fileType")}
          </label>
          <select
            id="field-fileType"
            name="fileType"
            defaultValue={item.fileType}
            className={selectClass}
            aria-invalid={errors.fileType ? true : undefined}
            aria-describedby={errors.fileType ? "field-fileType-error" : undefined}
          >
            {FILE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`admin.media.types.${type}`)}
              </option>
            ))}
          </select>
          {errors.fileType ? (
            <p id="field-fileType-error" className="text-sm text-destructive">
              {t(errors.fileType)}
            </p>
          ) : null}
        </div>
        <Field
          name="language"
          label={label("language")}
          defaultValue={item.language}
          error={errors.language}
          hint={t("admin.media.languageHint")}
        />
        <Field name="version" label={label("version")} defaultValue={item.version ?? ""} error={errors.version} />
        <div className="flex items-center gap-2 self-end pb-2">
          <input id="field-aiGenerated" type="checkbox" name="aiGenerated" defaultChecked={item.aiGenerated} className="size-4" />
          <label htmlFor="field-aiGenerated" className="text-sm font-medium">
            {label("aiGenerated")}
          </label>
        </div>
        <div className="sm:col-span-2">
          <TextArea
            name="searchableText"
            label={label("searchableText")}
            defaultValue={item.searchableText ?? ""}
            error={errors.searchableText}
            rows={3}
          />
        </div>
      </fieldset>

      <fieldset className="rounded-lg border border-border p-4 sm:p-6">
        <legend className="px-2 text-lg font-semibold">{t("admin.media.groups.categories")}</legend>
        {categories.length === 0 ? <p className="text-sm text-muted-foreground">{t("admin.media.noCategories")}</p> : null}
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {categories.map((category) => (
            <li key={category.id} className="flex items-center gap-2">
              <input
                id={`category-${category.id}`}
                type="checkbox"
                name="categories"
                value={category.id}
                defaultChecked={item.categories.includes(category.id)}
                className="size-4"
              />
              <label htmlFor={`category-${category.id}`} className="text-sm">
                {category.name}
              </label>
            </li>
          ))}
        </ul>
        {errors.categories ? <p className="mt-2 text-sm text-destructive">{t(errors.categories)}</p> : null}
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2 sm:p-6">
        <legend className="px-2 text-lg font-semibold">{t("admin.media.groups.rights")}</legend>
        <Field name="licenseName" label={label("licenseName")} defaultValue={item.license?.name ?? ""} error={errors.licenseName} />
        <Field name="licenseSpdx" label={label("licenseSpdx")} defaultValue={item.license?.spdx_id ?? ""} error={errors.licenseSpdx} />
        <Field name="licenseUrl" type="url" label={label("licenseUrl")} defaultValue={item.license?.url ?? ""} error={errors.licenseUrl} />
        <Field name="licenseNotice" label={label("licenseNotice")} defaultValue={item.license?.notice ?? ""} error={errors.licenseNotice} />
        <Field name="creatorName" label={label("creatorName")} defaultValue={item.creator?.name ?? ""} error={errors.creatorName} />
        <Field name="creatorUrl" type="url" label={label("creatorUrl")} defaultValue={item.creator?.url ?? ""} error={errors.creatorUrl} />
        <Field
          name="creatorHandle"
          label={label("creatorHandle")}
          defaultValue={item.creator?.handles?.primary ?? ""}
          error={errors.creatorHandle}
        />
        <Field name="sourceOrigin" label={label("sourceOrigin")} defaultValue={item.source?.origin ?? ""} error={errors.sourceOrigin} />
        <Field name="sourceNiche" label={label("sourceNiche")} defaultValue={item.source?.niche ?? ""} error={errors.sourceNiche} />
        <Field
          name="sourceAccountUrl"
          type="url"
          label={label("sourceAccountUrl")}
          defaultValue={item.source?.account_url ?? ""}
          error={errors.sourceAccountUrl}
        />
        <Field
          name="sourceAccountHandle"
          label={label("sourceAccountHandle")}
          defaultValue={item.source?.account_handle ?? ""}
          error={errors.sourceAccountHandle}
        />
        <Field
          name="attributionText"
          label={label("attributionText")}
          defaultValue={item.attribution?.text ?? ""}
          error={errors.attributionText}
        />
        <Field
          name="attributionUrl"
          type="url"
          label={label("attributionUrl")}
          defaultValue={item.attribution?.url ?? ""}
          error={errors.attributionUrl}
        />
      </fieldset>

      <fieldset className="rounded-lg border border-border p-4 sm:p-6">
        <legend className="px-2 text-lg font-semibold">{t("admin.media.groups.links")}</legend>
        <p className="mb-3 text-sm text-muted-foreground">{t("admin.media.linksHint")}</p>
        <div className="space-y-3">
          {Array.from({ length: rows }, (_, index) => (
            <div key={index} className="grid gap-3 sm:grid-cols-[14rem_1fr]" data-testid="link-row">
              <Field
                name={`linkLabel${index}`}
                label={t("admin.media.linkLabel", { number: index + 1 })}
                defaultValue={links[index]?.[0] ?? ""}
                error={errors[`linkLabel${index}`]}
              />
              <Field
                name={`linkUrl${index}`}
                type="url"
                label={t("admin.media.linkUrl", { number: index + 1 })}
                defaultValue={links[index]?.[1] ?? ""}
                error={errors[`linkUrl${index}`]}
              />
            </div>
          ))}
        </div>
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2 sm:p-6">
        <legend className="px-2 text-lg font-semibold">{t("admin.media.groups.service")}</legend>
        <Field name="serviceKind" label={label("serviceKind")} defaultValue={item.serviceKind ?? ""} error={errors.serviceKind} />
        <Field name="endpoint" type="url" label={label("endpoint")} defaultValue={item.endpoint ?? ""} error={errors.endpoint} />
      </fieldset>

      <Button type="submit" disabled={busy}>
        {busy ? t("admin.actions.saving") : t("admin.actions.save")}
      </Button>
    </Form>
  );
}
