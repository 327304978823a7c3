import * as z from "zod/mini";
import { FILE_TYPES } from "~/db/schema";
import { requiredText } from "~/lib/field-schemas";
import { LANGUAGES, type Language } from "~/lib/i18n";
import { isUuid } from "~/lib/uuid";

/**
 * The media item's edit form (spec §3: every field), shared by the browser and the server: the
 * console's "edit", "new service" forms and their actions. Messages are translation keys.
 * External links are label/URL rows (`linkLabel0`/`linkUrl0` …); empty rows are dropped.
 */
export const LINK_ROWS = 8;
export const MAX_LINK_ROWS = 50;
export const MAX_ITEM_CATEGORIES = 200;
const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const TOO_LONG = "admin.media.errors.tooLong";
/** A PostgreSQL timestamp as text (`2026-11-27 07:45:41.670123+00`), or empty when the form showed no draft. */
const DRAFT_TIME = /^$|^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;
const URL_MESSAGE = "admin.media.errors.url";

/** Optional text: trimmed, at most `max` characters, null when empty. */
function optionalText(max: number) {
  return z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max, TOO_LONG))),
    z.transform((value) => value || null),
  );
}

/** An optional http(s) address, null when empty. */
function optionalUrl() {
  return z.pipe(
    z.optional(
      z.string().check(
        z.trim(),
        z.maxLength(2000, TOO_LONG),
        z.refine((value) => value === "" || HTTP_URL.test(value), URL_MESSAGE),
      ),
    ),
    z.transform((value) => value || null),
  );
}

/** Checkbox list: absent, one value or many. */
const categoryIds = z.pipe(
  z.optional(z.union([z.string(), z.array(z.string())])),
  z.transform((value) => [...new Set(value === undefined ? [] : Array.isArray(value) ? value : [value])]),
);

const linkFields = Object.fromEntries(
  Array.from({ length: MAX_LINK_ROWS }, (_, index) => [
    [`linkLabel${index}`, z.optional(z.string().check(z.trim(), z.maxLength(100, "admin.media.errors.linkLabel")))],
    [`linkUrl${index}`, z.optional(z.string().check(z.trim(), z.maxLength(2000, TOO_LONG)))],
  ]).flat(),
) as Record<string, z.ZodMiniOptional<z.ZodMiniString>>;

/** An item's texts in another language (ADR 0060): each optional; an empty one shows the item's own. */
export const TRANSLATED_FIELDS = ["title", "description", "altText", "searchableText"] as const;
export type TranslatedField = (typeof TRANSLATED_FIELDS)[number];
const TRANSLATED_MAX: Record<TranslatedField, number> = { title: 300, description: 5000, altText: 1000, searchableText: 20000 };

/** The form field of a translated text: `deTitle`, `esAltText`. */
export function translationFieldName(language: Language, field: TranslatedField) {
  return `${language}${field[0]!.toUpperCase()}${field.slice(1)}`;
}

/** The texts of one language, as the form checks them (`title`, `altText` …): the translation import checks with it too. */
export const translatedTextsSchema = z.object(
  Object.fromEntries(TRANSLATED_FIELDS.map((field) => [field, optionalText(TRANSLATED_MAX[field])])) as Record<
    TranslatedField,
    ReturnType<typeof optionalText>
  >,
);

const translationFields = Object.fromEntries(
  LANGUAGES.flatMap((language) =>
    TRANSLATED_FIELDS.map((field) => [translationFieldName(language, field), optionalText(TRANSLATED_MAX[field])]),
  ),
) as Record<string, ReturnType<typeof optionalText>>;

export type TranslationTexts = Record<TranslatedField, string | null>;

/** The translated texts of a valid submission, per language (a language with no text at all is left out). */
export function translationsOf(value: MediaItemInput): Partial<Record<Language, TranslationTexts>> {
  const record = value as Record<string, unknown>;
  const result: Partial<Record<Language, TranslationTexts>> = {};
  for (const language of LANGUAGES) {
    const texts = Object.fromEntries(
      TRANSLATED_FIELDS.map((field) => [field, (record[translationFieldName(language, field)] as string | null | undefined) ?? null]),
    ) as TranslationTexts;
    if (Object.values(texts).some((text) => text !== null)) result[language] = texts;
  }
  return result;
}

export const mediaItemSchema = z
  .object({
    title: requiredText(300, { required: "admin.media.errors.titleRequired", tooLong: TOO_LONG }),
    description: optionalText(5000),
    fileType: z.enum(FILE_TYPES, "admin.media.errors.fileType"),
    language: z
      .string("admin.media.errors.language")
      .check(z.trim(), z.regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "admin.media.errors.language")),
    aiGenerated: z.pipe(
      z.optional(z.string()),
      z.transform((value) => value === "on" || value === "true"),
    ),
    version: optionalText(50),
    searchableText: optionalText(20000),
    altText: optionalText(1000),
    serviceKind: optionalText(100),
    endpoint: optionalUrl(),
    creatorName: optionalText(200),
    creatorUrl: optionalUrl(),
    creatorHandle: optionalText(200),
    sourceOrigin: optionalText(200),
    sourceNiche: optionalText(200),
    sourceAccountUrl: optionalUrl(),
    sourceAccountHandle: optionalText(200),
    licenseName: optionalText(200),
    licenseSpdx: optionalText(100),
    licenseUrl: optionalUrl(),
    licenseNotice: optionalText(2000),
    attributionText: optionalText(1000),
    attributionUrl: optionalUrl(),
    categories: categoryIds.check(z.refine((ids) => ids.length <= MAX_ITEM_CATEGORIES && ids.every(isUuid), "admin.media.errors.category")),
    ...linkFields,
    ...translationFields,
    /** The newest translation draft the form showed (ADR 0089): its save drops drafts up to it, not one written since. */
    draftsSeenAt: z.optional(z.string().check(z.regex(DRAFT_TIME, "admin.errors.notFound"))),
  })
  .check(
    z.superRefine((value, ctx) => {
      const record = value as Record<string, unknown>;
      const labels = new Set<string>();
      for (let index = 0; index < MAX_LINK_ROWS; index += 1) {
        const label = (record[`linkLabel${index}`] as string | undefined) ?? "";
        const url = (record[`linkUrl${index}`] as string | undefined) ?? "";
        if (!label && !url) continue;
        const issue = (name: string, message: string) => ctx.issues.push({ code: "custom", message, input: value, path: [name] });
        if (!label) issue(`linkLabel${index}`, "admin.media.errors.linkLabel");
        else if (labels.has(label)) issue(`linkLabel${index}`, "admin.media.errors.linkDuplicate");
        labels.add(label);
        if (!HTTP_URL.test(url)) issue(`linkUrl${index}`, URL_MESSAGE);
      }
      // A service has no file: what it is and where it answers are what the library shows (spec §3).
      if (value.fileType === "services") {
        if (!value.serviceKind)
          ctx.issues.push({ code: "custom", message: "admin.media.errors.serviceKind", input: value, path: ["serviceKind"] });
        if (!value.endpoint) ctx.issues.push({ code: "custom", message: "admin.media.errors.endpoint", input: value, path: ["endpoint"] });
      }
    }),
  );

export type MediaItemInput = z.infer<typeof mediaItemSchema>;

/** The external links of a valid submission, label → URL, in row order. */
export function linksOf(value: MediaItemInput): Record<string, string> {
  const record = value as Record<string, unknown>;
  const links: Record<string, string> = {};
  for (let index = 0; index < MAX_LINK_ROWS; index += 1) {
    const label = record[`linkLabel${index}`] as string | undefined;
    const url = record[`linkUrl${index}`] as string | undefined;
    if (label && url) links[label] = url;
  }
  return links;
}

/** Selected media items of the bulk form (at most a page's worth many times over). */
export const bulkSchema = z.object({
  ids: z
    .pipe(
      z.optional(z.union([z.string(), z.array(z.string())])),
      z.transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]).slice(0, 500)),
    )
    .check(z.minLength(1, "admin.media.errors.noneSelected")),
  categoryId: z.optional(z.string()),
});
