import * as z from "zod/mini";
import { isContentNamespace, type ContentNamespace } from "~/lib/content-pages";
import { isLanguage, type Language } from "~/lib/i18n";
import { isUuid } from "~/lib/uuid";
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

/** "Start from the original" of one media item in one language (ADR 0089): any site language but the item's own. */
export const startMediaSchema = z.object({
  item: z.string("admin.errors.notFound").check(z.refine(isUuid, "admin.errors.notFound")),
  language: z.pipe(
    z.string("admin.errors.notFound").check(z.refine(isLanguage, "admin.errors.notFound")),
    z.transform((value) => value as Language),
  ),
});
