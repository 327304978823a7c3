import { z } from "zod";
import { FILE_TYPES } from "~/db/schema";

/** The media manifest's shape (CONTRACT.md "Media manifest"), with the messages an operator reads. */

const optionalText = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null));
const optionalInt = z
  .number()
  .int()
  .nonnegative()
  .nullish()
  .transform((value) => value ?? null);
const optionalUrl = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).nullable());

export const itemSchema = z.object({
  id: z.uuid({ message: "id must be a UUID" }).nullish(),
  title: z.string({ message: "title is required" }).trim().min(1, "title is required").max(300, "title is longer than 300 characters"),
  description: optionalText,
  file_type: z.enum(FILE_TYPES, {
    message: `file_type must be one of ${FILE_TYPES.join(", ")}`,
  }),
  file: optionalText,
  /** A picture (path like `file`) that stands for a video or audio item on its card (ADR 0093). */
  poster: optionalText,
  categories: z
    .array(z.string().trim().min(1).max(100))
    .nullish()
    .transform((value) => value ?? []),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "language must be a language code like en, de or es")
    .nullish()
    .transform((value) => value ?? "en"),
  ai_generated: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
  version: optionalText,
  width_px: optionalInt,
  height_px: optionalInt,
  duration_ms: optionalInt,
  pages: optionalInt,
  file_size: optionalInt,
  sheet_type: optionalText,
  service_kind: optionalText,
  endpoint: optionalUrl,
  external_links: z
    .record(z.string().trim().min(1), z.url({ protocol: /^https?$/, message: "external links must be http(s) URLs" }))
    .nullish()
    .transform((value) => value ?? {}),
  creator: z.object({ name: optionalText, url: optionalUrl, handles: z.object({ primary: optionalText }).nullish() }).nullish(),
  source: z.object({ origin: optionalText, niche: optionalText, account_url: optionalUrl, account_handle: optionalText }).nullish(),
  license: z.object({ name: optionalText, spdx_id: optionalText, url: optionalUrl, notice: optionalText }).nullish(),
  attribution: z.object({ text: optionalText, url: optionalUrl }).nullish(),
  searchable_text: optionalText,
  /** The item's texts in the other site languages (ADR 0060); the item's own language is not one of them. */
  translations: z
    .partialRecord(
      z.enum(["en", "de", "es"], { message: "translations are keyed by en, de or es" }),
      z.object({
        title: optionalText.pipe(z.string().max(300, "title is longer than 300 characters").nullable()),
        description: optionalText,
        alt_text: optionalText,
        searchable_text: optionalText,
      }),
    )
    .nullish(),
  created_at: z.iso.datetime({ offset: true, message: "created_at must be an ISO-8601 time" }).nullish(),
});

export type ManifestItem = z.infer<typeof itemSchema>;

/** A manifest item's translations as the database's fields name them (`alt_text` → `altText`). */
export function manifestTranslations(item: ManifestItem) {
  return Object.fromEntries(
    Object.entries(item.translations ?? {}).map(([code, texts]) => [
      code,
      { title: texts.title, description: texts.description, altText: texts.alt_text, searchableText: texts.searchable_text },
    ]),
  );
}

export const manifestSchema = z.object({
  categories: z
    .array(z.string().trim().min(1).max(100))
    .nullish()
    .transform((value) => value ?? []),
  /** Category names in German and Spanish, by the English name (ADR 0060). */
  category_names: z
    .record(z.string().trim().min(1).max(100), z.object({ de: optionalText, es: optionalText }))
    .nullish()
    .transform((value) => value ?? {}),
  items: z.array(z.unknown(), { message: "the manifest needs an array items" }),
});

/** One line per problem, each naming its field ("external_links.site: must be an http(s) URL"). */
export function describeError(error: unknown) {
  if (error instanceof z.ZodError) {
    return error.issues
      .map((issue) => {
        const where = issue.path.join(".");
        // Messages that already name their field ("title is required") are not prefixed again.
        return where && !issue.message.startsWith(where) ? `${where}: ${issue.message}` : issue.message;
      })
      .join("; ");
  }
  return error instanceof Error ? error.message : String(error);
}
