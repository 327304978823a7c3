import * as z from "zod/mini";
import { FIELD_MAX } from "~/lib/content-pages";
import { PRINTABLE } from "~/lib/field-schemas";
import { parseRichTextJson, richTextValue, RICH_TEXT_LIMITS } from "~/lib/rich-text";
import { isUuid } from "~/lib/uuid";

/**
 * The form of one content page in one language (ADR 0054), shared by the browser and the server: one
 * optional text per field, named `f<index>` of the page's field list. Trimmed, line breaks (a
 * textarea's) become spaces, bounded by the field's kind, no control characters; empty means "the
 * default text".
 */
function pageField(max: number) {
  return z.pipe(
    z.optional(
      z.string().check(
        z.overwrite((value) => value.replace(/\s*\r?\n\s*/g, " ").trim()),
        z.maxLength(max, "admin.pages.errors.tooLong"),
        z.regex(PRINTABLE, "admin.pages.errors.invalid"),
      ),
    ),
    z.transform((value) => value ?? ""),
  );
}

/**
 * A rich text field (ADR 0061): the editor's document as JSON, read through the allow-list of
 * app/lib/rich-text.ts and kept as the clean document's JSON ("" for an empty one: the default).
 */
export const richField = z.pipe(
  z.optional(z.string().check(z.maxLength(RICH_TEXT_LIMITS.json, "admin.pages.richText.errors.tooLarge"))),
  z.transform((value, ctx) => {
    if (value === undefined || value.trim() === "") return "";
    const parsed = parseRichTextJson(value);
    if (parsed.ok) return richTextValue(parsed.doc);
    ctx.issues.push({ code: "custom", message: `admin.pages.richText.errors.${parsed.problem}`, input: value });
    return z.NEVER;
  }),
);

/** An image field (ADR 0082): a media item's id, or "" for none; the server checks it is a published image. */
export const imageField = z.pipe(
  z.optional(
    z.string().check(
      z.overwrite((value) => value.trim()),
      z.refine((value) => value === "" || isUuid(value), "admin.pages.errors.notAnImage"),
    ),
  ),
  z.transform((value) => value ?? ""),
);

export function pageFieldsSchema(fields: ReadonlyArray<{ name: string; long: boolean; rich?: boolean; image?: boolean }>) {
  const schemaOf = (field: (typeof fields)[number]) =>
    field.rich ? richField : field.image ? imageField : pageField(field.long ? FIELD_MAX.long : FIELD_MAX.short);
  return z.object(Object.fromEntries(fields.map((field) => [field.name, schemaOf(field)])));
}
