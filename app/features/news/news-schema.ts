import * as z from "zod/mini";
import { PRINTABLE } from "~/lib/field-schemas";
import { isLowerCaseUuid } from "~/lib/uuid";
import { richField } from "~/features/admin/schemas/page-schema";

/**
 * The form of one news post in one language (ADR 0066), shared by the browser and the server. The
 * slug may be left empty: it is then made from the title. Tags are one comma-separated text.
 */
export const NEWS_LIMITS = { title: 200, slug: 100, summary: 500, tags: 10, tag: 40 } as const;

/** An address segment: lower-case letters, digits and single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slug a title makes: accents dropped, German sharp s and umlauts spelled out, everything else a hyphen. */
export function slugify(text: string) {
  return text
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, NEWS_LIMITS.slug)
    .replace(/-+$/, "");
}

const oneLine = (max: number, required: boolean) =>
  z.string(required ? "admin.news.errors.titleRequired" : undefined).check(
    z.overwrite((value) => value.replace(/\s*\r?\n\s*/g, " ").trim()),
    ...(required ? [z.minLength(1, "admin.news.errors.titleRequired")] : []),
    z.maxLength(max, "admin.news.errors.tooLong"),
    z.regex(PRINTABLE, "admin.news.errors.invalid"),
  );

export const newsPostSchema = z.object({
  title: oneLine(NEWS_LIMITS.title, true),
  slug: z.pipe(
    z.optional(
      z.string().check(
        z.overwrite((value) => value.trim().toLowerCase()),
        z.maxLength(NEWS_LIMITS.slug, "admin.news.errors.tooLong"),
        z.refine((value) => value === "" || SLUG_PATTERN.test(value), "admin.news.errors.slug"),
      ),
    ),
    z.transform((value) => value ?? ""),
  ),
  summary: z.pipe(
    z.optional(oneLine(NEWS_LIMITS.summary, false)),
    z.transform((value) => value ?? ""),
  ),
  body: richField,
  coverId: z.pipe(
    z.optional(
      z.string().check(
        z.trim(),
        z.refine((value) => value === "" || isLowerCaseUuid(value), "admin.news.errors.cover"),
      ),
    ),
    z.transform((value) => value ?? ""),
  ),
  tags: z.pipe(
    z.optional(
      z
        .string()
        .check(
          z.maxLength(NEWS_LIMITS.tags * (NEWS_LIMITS.tag + 2), "admin.news.errors.tags"),
          z.regex(PRINTABLE, "admin.news.errors.invalid"),
        ),
    ),
    z.transform((value, ctx) => {
      const tags = [
        ...new Set(
          (value ?? "")
            .split(",")
            .map((tag) => tag.trim())
            .filter(Boolean),
        ),
      ];
      if (tags.length > NEWS_LIMITS.tags || tags.some((tag) => tag.length > NEWS_LIMITS.tag)) {
        ctx.issues.push({ code: "custom", message: "admin.news.errors.tags", input: value });
        return z.NEVER;
      }
      return tags;
    }),
  ),
});

export type NewsPostInput = z.output<typeof newsPostSchema>;

/** The post's fields with its slug: the one given, else the title's. An empty result is refused by the server. */
export function withSlug(post: NewsPostInput): NewsPostInput {
  return { ...post, slug: post.slug || slugify(post.title) };
}
