import * as z from "zod/mini";
import { FIELD_MAX } from "~/lib/content-pages";
import { PRINTABLE } from "~/lib/field-schemas";

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

export function pageFieldsSchema(fields: ReadonlyArray<{ name: string; long: boolean }>) {
  return z.object(Object.fromEntries(fields.map((field) => [field.name, pageField(field.long ? FIELD_MAX.long : FIELD_MAX.short)])));
}
