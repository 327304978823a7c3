import { useTranslation } from "~/lib/use-translation";
import { CheckboxField, FieldError, IntentForm, SelectField, SubmitButton, TextareaField, TextField } from "~/components/form";
import { FILE_TYPES } from "~/db/schema";
import { EMPTY_MEDIA_ITEM, type MediaItemView } from "~/features/media/media-types";
import { FormOutcome, useConsoleForm } from "../components/console-form";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "~/lib/i18n";
import { mediaItemSchema, TRANSLATED_FIELDS, translationFieldName, type TranslationTexts } from "../schemas/media-schema";

/** What the form edits of an item: the item's own fields, its search text and its categories. */
export type EditableItem = Pick<
  MediaItemView,
  | "title"
  | "description"
  | "language"
  | "aiGenerated"
  | "version"
  | "serviceKind"
  | "endpoint"
  | "externalLinks"
  | "creator"
  | "source"
  | "license"
  | "attribution"
> & {
  fileType: string;
  searchableText: string | null;
  altText: string | null;
  categories: string[];
  /** The item's texts in the other site languages (ADR 0060). */
  translations: Partial<Record<Language, TranslationTexts>>;
  /** Unpublished texts per language (ADR 0089): the form shows them in place of the live ones, and its save publishes them. */
  translationDrafts?: Partial<Record<string, TranslationTexts>>;
  /** The newest draft's time the form shows (empty: none); its save publishes and drops drafts up to it. */
  draftsSeenAt?: string;
};

/** A new service's starting values: nothing but its type and the console's language. */
export function emptyService(language: string): EditableItem {
  return { ...EMPTY_MEDIA_ITEM, title: "", fileType: "services", language, searchableText: null, categories: [], translations: {} };
}

/** The form's field values of an item (flat names, as the schema reads them). */
function formValuesOf(item: EditableItem, rows: number) {
  const links = Object.entries(item.externalLinks);
  const values: Record<string, unknown> = {
    title: item.title,
    description: item.description ?? "",
    fileType: item.fileType,
    language: item.language,
    aiGenerated: item.aiGenerated ? "on" : undefined,
    version: item.version ?? "",
    searchableText: item.searchableText ?? "",
    altText: item.altText ?? "",
    serviceKind: item.serviceKind ?? "",
    endpoint: item.endpoint ?? "",
    licenseName: item.license?.name ?? "",
    licenseSpdx: item.license?.spdx_id ?? "",
    licenseUrl: item.license?.url ?? "",
    licenseNotice: item.license?.notice ?? "",
    creatorName: item.creator?.name ?? "",
    creatorUrl: item.creator?.url ?? "",
    creatorHandle: item.creator?.handles?.primary ?? "",
    sourceOrigin: item.source?.origin ?? "",
    sourceNiche: item.source?.niche ?? "",
    sourceAccountUrl: item.source?.account_url ?? "",
    sourceAccountHandle: item.source?.account_handle ?? "",
    attributionText: item.attribution?.text ?? "",
    attributionUrl: item.attribution?.url ?? "",
    categories: item.categories,
  };
  for (const language of LANGUAGES) {
    const texts = item.translationDrafts?.[language] ?? item.translations[language];
    for (const field of TRANSLATED_FIELDS) values[translationFieldName(language, field)] = texts?.[field] ?? "";
  }
  for (let index = 0; index < rows; index += 1) {
    values[`linkLabel${index}`] = links[index]?.[0] ?? "";
    values[`linkUrl${index}`] = links[index]?.[1] ?? "";
  }
  return values;
}

const RIGHTS_FIELDS = [
  ["licenseName", "text"],
  ["licenseSpdx", "text"],
  ["licenseUrl", "url"],
  ["licenseNotice", "text"],
  ["creatorName", "text"],
  ["creatorUrl", "url"],
  ["creatorHandle", "text"],
  ["sourceOrigin", "text"],
  ["sourceNiche", "text"],
  ["sourceAccountUrl", "url"],
  ["sourceAccountHandle", "text"],
  ["attributionText", "text"],
  ["attributionUrl", "url"],
] as const;

/**
 * Every field of a media item (spec §3) in one form on the form kit: the item's page ("save") and
 * "New service" ("createService", type fixed to services: it has no file). External links are
 * label/URL pairs: the stored ones plus empty rows.
 */
export function MediaEditForm({
  item,
  categories,
  linkRows,
  intent = "save",
}: {
  item: EditableItem;
  categories: Array<{ id: string; name: string }>;
  linkRows: number;
  intent?: "save" | "createService";
}) {
  const { t } = useTranslation();
  const rows = Math.max(linkRows, Object.keys(item.externalLinks).length + 2);
  const kit = useConsoleForm(intent, { schema: mediaItemSchema, defaultValue: formValuesOf(item, rows) });
  const { fields } = kit;
  const label = (key: string) => t(`admin.media.fields.${key}`);
  const types = intent === "createService" ? (["services"] as const) : FILE_TYPES;
  const chosen = [fields.categories.initialValue ?? []].flat();
  return (
    <IntentForm kit={kit} className="space-y-8">
      {item.draftsSeenAt !== undefined ? <input type="hidden" name="draftsSeenAt" value={item.draftsSeenAt} /> : null}
      <fieldset className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2 sm:p-6">
        <legend className="px-2 text-lg font-semibold">{t("admin.media.groups.basics")}</legend>
        <TextField field={fields.title} label={label("title")} className="sm:col-span-2" />
        <TextareaField field={fields.description} label={label("description")} rows={4} className="sm:col-span-2" />
        <SelectField
          field={fields.fileType}
          label={label("fileType")}
          options={types.map((type) => ({ value: type, label: t(`admin.media.types.${type}`) }))}
        />
        <TextField field={fields.language} label={label("language")} description={t("admin.media.languageHint")} />
        <TextField field={fields.version} label={label("version")} />
        <div className="self-end pb-2">
          <CheckboxField field={fields.aiGenerated}>
            <span className="font-medium text-foreground">{label("aiGenerated")}</span>
          </CheckboxField>
        </div>
        <TextareaField field={fields.altText} label={t("admin.media.translations.altText")} rows={2} className="sm:col-span-2" />
        <TextareaField field={fields.searchableText} label={label("searchableText")} rows={3} className="sm:col-span-2" />
      </fieldset>

      <fieldset className="rounded-lg border border-border p-4 sm:p-6" data-testid="media-translations">
        <legend className="px-2 text-lg font-semibold">{t("admin.media.translations.title")}</legend>
        <p className="mb-4 text-sm text-muted-foreground">{t("admin.media.translations.intro")}</p>
        <div className="grid gap-6 lg:grid-cols-2">
          {LANGUAGES.filter((language) => language !== item.language).map((language) => (
            <fieldset
              key={language}
              id={`translation-${language}`}
              className="grid content-start scroll-mt-20 gap-3 rounded-md border border-border p-4"
            >
              <legend className="px-1 font-medium">{LANGUAGE_NAMES[language]}</legend>
              {item.translationDrafts?.[language] ? (
                <p
                  role="note"
                  data-testid={`translation-draft-${language}`}
                  className="rounded-md border border-accent/60 bg-accent/10 px-3 py-2 text-sm"
                >
                  {t("admin.media.translations.draftNote")}
                </p>
              ) : null}
              <TextField
                field={fields[translationFieldName(language, "title")]}
                label={t("admin.media.translations.titleIn", { language: LANGUAGE_NAMES[language] })}
                lang={language}
              />
              <TextareaField
                field={fields[translationFieldName(language, "description")]}
                label={t("admin.media.translations.descriptionIn", { language: LANGUAGE_NAMES[language] })}
                lang={language}
                rows={3}
              />
              <TextareaField
                field={fields[translationFieldName(language, "altText")]}
                label={t("admin.media.translations.altTextIn", { language: LANGUAGE_NAMES[language] })}
                lang={language}
                rows={2}
              />
              <TextareaField
                field={fields[translationFieldName(language, "searchableText")]}
                label={t("admin.media.translations.searchableTextIn", { language: LANGUAGE_NAMES[language] })}
                lang={language}
                rows={2}
              />
            </fieldset>
          ))}
        </div>
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2 sm:p-6">
        <legend className="px-2 text-lg font-semibold">{t("admin.media.groups.service")}</legend>
        <TextField field={fields.serviceKind} label={label("serviceKind")} />
        <TextField field={fields.endpoint} type="url" label={label("endpoint")} />
      </fieldset>

      <fieldset className="rounded-lg border border-border p-4 sm:p-6">
        <legend className="px-2 text-lg font-semibold">{t("admin.media.groups.categories")}</legend>
        {categories.length === 0 ? <p className="text-sm text-muted-foreground">{t("admin.media.noCategories")}</p> : null}
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {categories.map((category) => (
            <li key={category.id} className="flex items-center gap-2">
              <input
                key={fields.categories.key}
                id={`${fields.categories.id}-${category.id}`}
                type="checkbox"
                name={fields.categories.name}
                value={category.id}
                defaultChecked={chosen.includes(category.id)}
                aria-invalid={fields.categories.errors ? true : undefined}
                aria-describedby={fields.categories.errors ? fields.categories.errorId : undefined}
                className="size-4"
              />
              <label htmlFor={`${fields.categories.id}-${category.id}`} className="text-sm">
                {category.name}
              </label>
            </li>
          ))}
        </ul>
        <FieldError field={fields.categories} className="mt-2" />
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2 sm:p-6">
        <legend className="px-2 text-lg font-semibold">{t("admin.media.groups.rights")}</legend>
        {RIGHTS_FIELDS.map(([name, type]) => (
          <TextField key={name} field={fields[name]} type={type} label={label(name)} />
        ))}
      </fieldset>

      <fieldset className="rounded-lg border border-border p-4 sm:p-6">
        <legend className="px-2 text-lg font-semibold">{t("admin.media.groups.links")}</legend>
        <p className="mb-3 text-sm text-muted-foreground">{t("admin.media.linksHint")}</p>
        <div className="space-y-3">
          {Array.from({ length: rows }, (_, index) => (
            <div key={index} className="grid gap-3 sm:grid-cols-[14rem_1fr]" data-testid="link-row">
              <TextField field={fields[`linkLabel${index}`]} label={t("admin.media.linkLabel", { number: index + 1 })} />
              <TextField field={fields[`linkUrl${index}`]} type="url" label={t("admin.media.linkUrl", { number: index + 1 })} />
            </div>
          ))}
        </div>
      </fieldset>

      <FormOutcome kit={kit} />
      <SubmitButton busy={kit.busy} busyLabel={t("admin.actions.saving")}>
        {intent === "createService" ? t("admin.media.createService") : t("admin.actions.save")}
      </SubmitButton>
    </IntentForm>
  );
}
