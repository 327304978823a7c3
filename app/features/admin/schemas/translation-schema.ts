import * as z from "zod/mini";
import { isContentNamespace, type ContentNamespace } from "~/lib/content-pages";
import type { Language } from "~/lib/i18n";
import { isTargetLanguage } from "../translations";

/** "Start from English" of one page in one language (hidden fields of its button), shared by the browser and the server. */
export const startFromEnglishSchema = z.object({
  page: z.pipe(
    z.string("admin.errors.notFound").check(z.refine(isContentNamespace, "admin.errors.notFound")),
    z.transform((value) => value as ContentNamespace),
  ),
  language: z.pipe(
    z.string("admin.errors.notFound").check(z.refine(isTargetLanguage, "admin.translations.errors.sourceLanguage")),
    z.transform((value) => value as Language),
  ),
});
