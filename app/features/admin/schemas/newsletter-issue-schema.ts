import * as z from "zod/mini";
import { isLocalDateTime } from "~/lib/schedule-time";
import { requiredText } from "~/lib/field-schemas";
import { LANGUAGES } from "~/lib/i18n";
import { parseRichTextJson, richTextValue, RICH_TEXT_LIMITS } from "~/lib/rich-text";
import { isUuid } from "~/lib/uuid";

/**
 * The forms of newsletter issues in the console (ADR 0067), shared by the browser and the server.
 * Messages are translation keys (admin.json, `admin.newsletterIssues.errors.*`).
 */
export const SLUG_MAX = 80;
export const SUBJECT_MAX = 150;
export const PREHEADER_MAX = 200;
const errors = "admin.newsletterIssues.errors";

/** The issue's address in the archive (`/newsletter/<slug>`): lower-case words joined by hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const RESERVED_SLUGS = ["confirm", "unsubscribe"];

export const createIssueSchema = z.object({
  slug: requiredText(SLUG_MAX, { required: `${errors}.slugRequired`, tooLong: `${errors}.slugTooLong` }).check(
    z.regex(SLUG_PATTERN, `${errors}.slugInvalid`),
    // The addresses of the subscription links share `/newsletter/`.
    z.refine((slug) => !RESERVED_SLUGS.includes(slug), `${errors}.slugReserved`),
  ),
  /** A news post to start from ("" or absent: a blank issue). */
  postId: z.pipe(
    z.optional(z.string().check(z.refine((value) => value === "" || isUuid(value), `${errors}.postMissing`))),
    z.transform((value) => value ?? ""),
  ),
});

const language = z.enum(LANGUAGES, `${errors}.language`);

/** The body: the editor's document through the rich-text allow-list (ADR 0061); empty is refused. */
const body = z.pipe(
  z.string(`${errors}.bodyRequired`).check(z.maxLength(RICH_TEXT_LIMITS.json, "admin.pages.richText.errors.tooLarge")),
  z.transform((value, ctx) => {
    const parsed = parseRichTextJson(value.trim() === "" ? '{"type":"doc","content":[]}' : value);
    if (!parsed.ok) {
      ctx.issues.push({ code: "custom", message: `admin.pages.richText.errors.${parsed.problem}`, input: value });
      return z.NEVER;
    }
    if (parsed.doc.content.length === 0) {
      ctx.issues.push({ code: "custom", message: `${errors}.bodyRequired`, input: value });
      return z.NEVER;
    }
    return richTextValue(parsed.doc);
  }),
);

export const versionSchema = z.object({
  language,
  subject: requiredText(SUBJECT_MAX, { required: `${errors}.subjectRequired`, tooLong: `${errors}.subjectTooLong` }),
  preheader: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(PREHEADER_MAX, `${errors}.preheaderTooLong`))),
    z.transform((value) => value ?? ""),
  ),
  body,
});
export type VersionInput = z.infer<typeof versionSchema>;

export const languageSchema = z.object({ language });

/** The welcome-mail switch: "true" makes the issue the welcome mail, "false" stops it. */
export const welcomeSchema = z.object({
  welcome: z.pipe(
    z.enum(["true", "false"], "admin.errors.invalid"),
    z.transform((value) => value === "true"),
  ),
});

const checkbox = z.pipe(
  z.optional(z.string()),
  z.transform((value) => value === "on"),
);

export const audienceSchema = z.object({
  missingLanguage: z.enum(["skip", "default"], `${errors}.missingLanguage`),
  segmentLanguage: z.enum(["", ...LANGUAGES], `${errors}.language`),
  segmentCustomerType: z.enum(["", "private", "business"], `${errors}.customerType`),
  private: checkbox,
});
export type AudienceInput = z.infer<typeof audienceSchema>;

/** "Send": now (empty) or at a wall-clock time in Berlin (ADR 0059). */
export const sendSchema = z.object({
  sendAt: z.pipe(
    z.optional(
      z.string().check(
        z.trim(),
        z.refine((value) => value === "" || isLocalDateTime(value), `${errors}.sendAtInvalid`),
      ),
    ),
    z.transform((value) => value ?? ""),
  ),
});
