import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { pageContent, type FieldOverrides } from "~/db/schema";
import { CONTENT_NAMESPACES, CONTENT_PAGES, contentPageOf, isContentNamespace, type ContentNamespace } from "./content-pages";
import { db, isDatabaseOpen } from "./db.server";
import { getEnv } from "./env.server";
import { isLanguage, type Language } from "./i18n";
import { getServerTranslator, languageFromRequest, textsWithOverrides } from "./i18n.server";
import { getAuthSecret } from "./secrets.server";
import { Translator, type Messages } from "./translator";
import { isLowerCaseUuid } from "./uuid";

/**
 * Preview links of a content page's draft (ADR 0059): `<page path>?lang=<language>&preview=<token>`,
 * the real public page rendered with the draft's fields instead of the published ones, for anyone who
 * holds the link (no account) until it expires. The token names the page, the language and the expiry,
 * signed with the server's secret (HMAC-SHA256 over a purpose label and those three, as the other signed
 * links are), so none of them can be changed. `readPreviewToken` is the one parser of a token;
 * `pagePreviewOf` the one check of a page request (server/preview-door.ts refuses a bad one, the
 * translator and the page's head show a good one).
 *
 * What a link shows is the draft as it is when the page is opened (live): the operator edits, the
 * viewer reloads. No draft (published or discarded since): the published page.
 */
export const PREVIEW_PARAM = "preview";
export const PREVIEW_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * A good check names what it previews: a content page's `namespace`, or a news post's id (`post`, ADR
 * 0066's amendment: the same link, token and door for a post's draft at `/news/<slug>`).
 */
export type PreviewCheck =
  | { ok: true; namespace: ContentNamespace; post?: undefined; language: Language; expiresAt: number }
  | { ok: true; namespace?: undefined; post: string; language: Language; expiresAt: number }
  | { ok: false; reason: "invalid" | "expired" };

const INVALID: PreviewCheck = { ok: false, reason: "invalid" };
// The subject is a namespace (letters only) or `post-<uuid>`: the hyphen keeps the two kinds apart under one signature.
const TOKEN = /^([a-z]{1,40}|post-[0-9a-f-]{36})\.([a-z]{2})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

function signatureOf(payload: string) {
  return createHmac("sha256", getAuthSecret()).update(`page-preview\n${payload}`).digest("base64url");
}

/** A token for the draft of `namespace` (or `post-<id>`) in `language`, valid for PREVIEW_LIFETIME_MS from `now`. */
export function signPreview(namespace: ContentNamespace | `post-${string}`, language: Language, now = Date.now()) {
  const payload = `${namespace}.${language}.${Math.floor((now + PREVIEW_LIFETIME_MS) / 1000)}`;
  return `${payload}.${signatureOf(payload)}`;
}

/** Checks a token in constant time: its signature first, so a changed expiry is "invalid", not "expired". */
export function readPreviewToken(token: string | null | undefined, now = Date.now()): PreviewCheck {
  const match = typeof token === "string" && token.length <= 120 ? TOKEN.exec(token) : null;
  if (!match) return INVALID;
  const [, namespace, language, expires, signature] = match;
  const post = namespace!.startsWith("post-") ? namespace!.slice("post-".length) : undefined;
  if (post !== undefined && !isLowerCaseUuid(post)) return INVALID;
  if ((!post && !isContentNamespace(namespace)) || !isLanguage(language)) return INVALID;
  const expected = Buffer.from(signatureOf(`${namespace}.${language}.${expires}`));
  const given = Buffer.from(signature!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return INVALID;
  const expiresAt = Number(expires) * 1000;
  if (expiresAt <= now) return { ok: false, reason: "expired" };
  return post ? { ok: true, post, language, expiresAt } : { ok: true, namespace: namespace as ContentNamespace, language, expiresAt };
}

/** The preview link of a page's draft in a language, and when it stops working. */
export function previewLink(namespace: ContentNamespace, language: Language, now = Date.now()) {
  const token = signPreview(namespace, language, now);
  const query = new URLSearchParams({ lang: language, [PREVIEW_PARAM]: token });
  return {
    url: `${getEnv().PUBLIC_URL}${CONTENT_PAGES[namespace].path}?${query}`,
    expiresAt: new Date(now + PREVIEW_LIFETIME_MS).toISOString(),
  };
}

/**
 * The preview link of a news post's draft in a language (ADR 0066): the post's public address under its
 * draft's slug (any slug under /news answers a valid token: the token names the post).
 */
export function newsPreviewLink(postId: string, slug: string, language: Language, now = Date.now()) {
  const token = signPreview(`post-${postId}`, language, now);
  const query = new URLSearchParams({ lang: language, [PREVIEW_PARAM]: token });
  return {
    url: `${getEnv().PUBLIC_URL}/news/${encodeURIComponent(slug || "preview")}?${query}`,
    expiresAt: new Date(now + PREVIEW_LIFETIME_MS).toISOString(),
  };
}

/** A news post's page (its document or data request; not the feed). */
const isNewsPostPath = (pathname: string) =>
  /^\/news\/[^/]+$/.test(pathname.replace(/\.data$/, "")) && !pathname.startsWith("/news/feed.xml");

/** The content page a path shows (its document or its data request, `/_root.data` for `/`). */
function namespaceAt(pathname: string): ContentNamespace | undefined {
  const path = pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/";
  return CONTENT_NAMESPACES.find((namespace) => CONTENT_PAGES[namespace].path === path);
}

/**
 * The preview a page request asks for: undefined when it asks for none, or is not a content page (the
 * parameter means nothing there); else the token's check, "invalid" also when the token is another
 * page's or another language's than the address (`lang`) says.
 */
export function pagePreviewOf(url: URL, now = Date.now()): PreviewCheck | undefined {
  const tokens = url.searchParams.getAll(PREVIEW_PARAM);
  if (tokens.length === 0) return undefined;
  const namespace = namespaceAt(url.pathname);
  const post = isNewsPostPath(url.pathname);
  if (!namespace && !post) return undefined;
  if (tokens.length > 1) return INVALID;
  const check = readPreviewToken(tokens[0], now);
  if (!check.ok) return check;
  // A block on every page (the footer) is previewed on the content page its link opens.
  const samePage = namespace
    ? check.namespace === namespace || (check.namespace !== undefined && contentPageOf(check.namespace).everyPage === true)
    : check.post !== undefined;
  return samePage && url.searchParams.get("lang") === check.language ? check : INVALID;
}

/** The overrides a publish would make live now: the draft, else (none) the published ones. */
async function draftOf(namespace: ContentNamespace, language: Language): Promise<FieldOverrides> {
  const [row] = await db()
    .select({ draft: pageContent.draft, published: pageContent.published })
    .from(pageContent)
    .where(and(eq(pageContent.namespace, namespace), eq(pageContent.language, language)));
  return row?.draft ?? row?.published ?? {};
}

/** A preview's translator per request: its loader, its page head and its pictures read the draft once. */
const previewTranslators = new WeakMap<Request, Promise<Translator>>();

/**
 * The translator a page request renders with: the language's published texts, or for a valid preview
 * the draft of its page over them (read at each request: live). Entry and page head both use it.
 */
export function requestTranslator(request: Request): Promise<Translator> {
  const preview = pagePreviewOf(new URL(request.url));
  if (!preview?.ok || !preview.namespace || !isDatabaseOpen()) return getServerTranslator(languageFromRequest(request));
  const { namespace, language } = preview;
  let translator = previewTranslators.get(request);
  if (!translator) {
    translator = draftOf(namespace, language).then(
      async (draft) => new Translator(language, await textsWithOverrides(language, namespace, draft)),
    );
    previewTranslators.set(request, translator);
  }
  return translator;
}

/** The draft texts of a page for the browser's translator (routes/texts.ts), when `token` previews exactly it. */
export async function previewTexts(token: string, language: Language, namespace: ContentNamespace): Promise<Messages | undefined> {
  const check = readPreviewToken(token);
  if (!check.ok || check.namespace !== namespace || check.language !== language || !isDatabaseOpen()) return undefined;
  return (await textsWithOverrides(language, namespace, await draftOf(namespace, language)))[language]?.[namespace];
}
