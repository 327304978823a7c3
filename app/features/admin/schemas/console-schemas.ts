import * as z from "zod/mini";
import { BRAND_IMAGES, type BrandImage } from "~/lib/brand";
import { accentProblem, type AccentProblem } from "~/lib/contrast";
import { boundedText, emailField, requiredText } from "~/lib/field-schemas";
import { isPlaceholder, SETTING_GROUPS, SETTING_KEYS, type SettingKey } from "~/lib/site-facts";
import { isUuid } from "~/lib/uuid";
import { REPLY_MAX_LENGTH } from "../inbox";
import { oldPathProblem, REDIRECT_PATH_MAX, targetOf } from "../redirect-rules";

/**
 * The console's form schemas (besides the media item's, media-schema.ts), shared by the browser
 * and the server: one per form. Messages are translation keys (admin.json). Ids travel in hidden
 * fields and are checked again by the server functions (a forged id is "not found").
 */
const id = z.string("admin.errors.notFound");
export const CATEGORY_NAME_MAX = 100;
export const categoryName = requiredText(CATEGORY_NAME_MAX, {
  required: "admin.categories.errors.nameRequired",
  tooLong: "admin.categories.errors.nameTooLong",
});

/** A category's German or Spanish name (ADR 0060): optional, null when empty (the English name is shown). */
const translatedCategoryName = z.pipe(
  z.optional(z.string().check(z.trim(), z.maxLength(CATEGORY_NAME_MAX, "admin.categories.errors.nameTooLong"))),
  z.transform((value) => value || null),
);
const categoryNames = { name: categoryName, nameDe: translatedCategoryName, nameEs: translatedCategoryName };
export const createCategorySchema = z.object(categoryNames);
export const renameCategorySchema = z.object({ id, ...categoryNames });
export type CategoryNamesInput = z.infer<typeof createCategorySchema>;
export const mergeCategorySchema = z.object({ id, into: z.string("admin.categories.errors.mergeSame") });
/** A button acting on one entry named by a hidden field (delete a category). */
export const targetSchema = z.object({ id });
/** A button acting on the page's own entry (the URL names it): no fields. */
export const buttonSchema = z.object({});

export const replySchema = z.object({
  body: boundedText(1, REPLY_MAX_LENGTH, { tooShort: "admin.inbox.errors.replyRequired", tooLong: "admin.inbox.errors.replyTooLong" }),
});
export const handledSchema = z.object({ handled: z.enum(["true", "false"], "admin.errors.badRequest") });

export const ROLE_CHOICES = ["", "editor", "admin"] as const;
export const roleSchema = z.object({
  role: z
    .pipe(
      z.optional(z.string()),
      z.transform((value) => value ?? ""),
    )
    .check(z.refine((value) => (ROLE_CHOICES as readonly string[]).includes(value), "admin.members.errors.role")),
});

/** An invitation to the console (ADR 0074): an address and a role. */
export const inviteSchema = z.object({
  email: emailField({
    required: "admin.invitations.errors.emailRequired",
    invalid: "admin.invitations.errors.email",
    tooLong: "admin.invitations.errors.email",
  }),
  role: z.enum(["editor", "admin"], "admin.members.errors.role"),
  language: z.enum(["en", "de", "es"], "admin.errors.badRequest"),
});

/* ---------- site settings ---------- */

const SETTING_MAX = 300;
const URL_KEYS = new Set<SettingKey>([...SETTING_GROUPS.links, "authorityUrl"]);
const CLAIM_KEYS = new Set<SettingKey>(SETTING_GROUPS.claims);
const HTTP_URL = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;
const EMAIL = z.email();

function rulesOf(key: SettingKey): Array<[(value: string) => boolean, string]> {
  if (key === "email") return [[(value) => EMAIL.safeParse(value).success, "admin.settings.errors.email"]];
  if (URL_KEYS.has(key)) return [[(value) => HTTP_URL.test(value), "admin.settings.errors.url"]];
  if (CLAIM_KEYS.has(key)) return [[(value) => /^\d+(\.\d+)?$/.test(value) && Number(value) <= 1e9, "admin.settings.errors.number"]];
  return [];
}

/** One setting: trimmed, at most 300 characters, "" when empty; its kind's rule and never a placeholder. */
function settingField(key: SettingKey) {
  const rules = rulesOf(key).map(([valid, message]) => z.refine<string>((value) => value === "" || valid(value), message));
  return z
    .pipe(
      z.optional(z.string().check(z.trim(), z.maxLength(SETTING_MAX, "admin.settings.errors.tooLong"))),
      z.transform((value) => value ?? ""),
    )
    .check(
      ...rules,
      z.refine((value) => value === "" || !isPlaceholder(value), "admin.settings.errors.placeholder"),
    );
}

export const settingsSchema = z.object(
  Object.fromEntries(SETTING_KEYS.map((key) => [key, settingField(key)])) as Record<SettingKey, ReturnType<typeof settingField>>,
);

/* ---------- brand (ADR 0076) ---------- */

const optionalText = z.pipe(
  z.optional(z.string().check(z.trim(), z.maxLength(100, "admin.settings.brand.errors.notFound"))),
  z.transform((value) => value ?? ""),
);
/** A library item's id or "" (the product's own picture); the server checks that it is a fitting picture. */
const brandImage = optionalText.check(z.refine((value) => value === "" || isUuid(value), "admin.settings.brand.errors.notFound"));
const accentIsNot = (problem: AccentProblem) =>
  z.refine<string>((value) => value === "" || accentProblem(value) !== problem, `admin.settings.brand.errors.${problem}`);
/** The brand colour: "" (the theme's) or `#rrggbb` with AA contrast (app/lib/contrast.ts). */
const accent = optionalText.check(accentIsNot("format"), accentIsNot("background"), accentIsNot("buttonText"));

export const brandSchema = z.object({
  ...(Object.fromEntries(BRAND_IMAGES.map((image) => [image, brandImage])) as Record<BrandImage, typeof brandImage>),
  accent,
});

/** The shop switch (ADR 0077): a checkbox, absent when off. */
export const shopSwitchSchema = z.object({
  open: z.pipe(
    z.optional(z.string()),
    z.transform((value) => value === "on" || value === "true"),
  ),
});

/* ---------- redirects (ADR 0055) ---------- */

/** Empty or too long: its own message says so, the path rules wait (one message at a time, under the field). */
const unread = (value: string) => value === "" || value.length > REDIRECT_PATH_MAX;
const oldPathIsNot = (error: string) => z.refine<string>((value) => unread(value) || oldPathProblem(value) !== error, error);

/** The form's first look; the server function checks again with the stored redirects and the site's pages. */
export const redirectSchema = z.object({
  from: requiredText(REDIRECT_PATH_MAX, {
    required: "admin.redirects.errors.fromRequired",
    tooLong: "admin.redirects.errors.tooLong",
    invalid: "admin.redirects.errors.fromInvalid",
  }).check(oldPathIsNot("admin.redirects.errors.fromInvalid"), oldPathIsNot("admin.redirects.errors.fromReserved")),
  target: requiredText(REDIRECT_PATH_MAX, {
    required: "admin.redirects.errors.targetRequired",
    tooLong: "admin.redirects.errors.tooLong",
    invalid: "admin.redirects.errors.targetInvalid",
  }).check(z.refine((value) => unread(value) || targetOf(value) !== undefined, "admin.redirects.errors.targetInvalid")),
});
