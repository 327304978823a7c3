import { richTextFromParagraphs, richTextValue, parseRichTextJson } from "./rich-text";
import type { Messages } from "./translator";

/**
 * The pages whose words the operator edits in the console (ADR 0054). A content namespace's locale
 * file (`app/locales/<language>/<namespace>.json`) holds the page's DEFAULT fields and its shape is the
 * field schema: every leaf text is a field, addressed by its dotted path (`hero.titleStart`,
 * `sections.provider.paragraphs.0`). The database keeps the operator's overrides of fields; a field
 * without one reads the file, so a release that changes a default reaches every field nobody edited.
 * Every other namespace is interface text the spec fixes and stays in the files.
 *
 * The browser's translator loads a content namespace from the server (`/texts/<language>/<namespace>.json`,
 * app/lib/i18n.ts), never from the bundled file, so a page React renders shows the same words.
 */
export interface ContentPage {
  /** The public page that shows the namespace. */
  path: string;
  /** A legal page: publishing (or discarding) it needs an admin, an editor may draft it. */
  legal?: boolean;
  /**
   * The fields the operator edits, as path prefixes (default: all). The rest of the namespace is
   * interface text the spec fixes (a form's labels, its messages), read from the file only.
   */
  editable?: readonly string[];
  /**
   * The "last updated" line: once the language was published, the page shows the date of its last
   * publish there (legal.lastUpdated) instead of the file's text, which is therefore not a field.
   */
  lastUpdated?: string;
  /**
   * Lists of paragraphs edited as one rich text (ADR 0061): path patterns, `*` standing for one
   * segment. Such a field's default is the file's list, its value a document (app/lib/rich-text.ts).
   */
  rich?: readonly string[];
  /**
   * Pictures of the media library (ADR 0082): paths whose value is a published image's id ("" by
   * default: no picture). Its alt text is the field `<path>Alt` beside it, empty for the item's own.
   */
  images?: readonly string[];
  /**
   * A block of the shell shown on every page (the footer's tagline): its publish drops every cached
   * page, its preview link works on any content page, and a language of it cannot be unpublished (the
   * whole shell's namespace would fall back to the default language).
   */
  everyPage?: boolean;
  /** The page cache's tag of a page that is no content page of its own (the shop's: "shop"), dropped on a publish too. */
  cacheTag?: "shop";
}

export const CONTENT_PAGES = {
  home: { path: "/", images: ["hero.image"] },
  about: { path: "/about", rich: ["origin.paragraphs", "founder.paragraphs"], images: ["founder.photo"] },
  consulting: { path: "/consulting" },
  market: { path: "/market" },
  platforms: { path: "/platforms" },
  academy: { path: "/academy" },
  tandem: { path: "/tandem" },
  contact: { path: "/contact", editable: ["meta", "heading", "info.title", "info.subtitle"] },
  privacy: { path: "/privacy", legal: true, lastUpdated: "date", rich: ["sections.*.paragraphs"] },
  terms: { path: "/terms", legal: true, rich: ["sections.*.paragraphs"] },
  imprint: { path: "/imprint", legal: true, rich: ["sections.*.paragraphs"] },
  // The shop's trust copy and title; its products, tabs, cart and forms stay interface text.
  shop: { path: "/shop", editable: ["meta", "trust"], cacheTag: "shop" },
  // The shell's namespace: only the footer's tagline is content. Last, so "/" stays the home page's.
  common: { path: "/", editable: ["footer.tagline"], everyPage: true },
} as const satisfies Record<string, ContentPage>;

export type ContentNamespace = keyof typeof CONTENT_PAGES;
export const CONTENT_NAMESPACES = Object.keys(CONTENT_PAGES) as ContentNamespace[];

export function isContentNamespace(value: unknown): value is ContentNamespace {
  return typeof value === "string" && Object.hasOwn(CONTENT_PAGES, value);
}

export function isLegalPage(namespace: ContentNamespace): boolean {
  return (CONTENT_PAGES[namespace] as ContentPage).legal === true;
}

export function contentPageOf(namespace: ContentNamespace): ContentPage {
  return CONTENT_PAGES[namespace];
}

/** Whether the operator edits `path` of a page: among its `editable` prefixes (all when none), not its automatic line. */
export function isEditablePath(path: string, page: ContentPage) {
  if (path === page.lastUpdated) return false;
  return !page.editable || page.editable.some((prefix) => path === prefix || path.startsWith(`${prefix}.`));
}

/** Whether `path` of a page is a list of paragraphs edited as one rich text. */
export function isRichPath(path: string, page: ContentPage) {
  const parts = path.split(".");
  return (page.rich ?? []).some((pattern) => {
    const expected = pattern.split(".");
    return expected.length === parts.length && expected.every((part, index) => part === "*" || part === parts[index]);
  });
}

/** Whether `path` of a page holds a media library image's id. */
export function isImagePath(path: string, page: ContentPage) {
  return (page.images ?? []).includes(path);
}

/** A text over this many characters, or any item of a list, is edited in a textarea. */
export const LONG_TEXT_FROM = 120;
/** The longest text a field takes: a heading or label, a paragraph. */
export const FIELD_MAX = { short: 500, long: 5000 } as const;

export interface DefaultField {
  path: string;
  /** The file's text of the field in this language (a rich field: its document's JSON, app/lib/rich-text.ts). */
  text: string;
  long: boolean;
  /** A list of paragraphs edited as one rich text. */
  rich?: boolean;
  /** A media library image's id (ADR 0082). */
  image?: boolean;
}

/** The fields of a namespace's default texts, in the file's order (only the page's editable ones when given). */
export function fieldsOf(defaults: Messages, page: ContentPage = { path: "" }): DefaultField[] {
  const fields: DefaultField[] = [];
  const walk = (node: unknown, path: string[], inList: boolean) => {
    if (typeof node === "string") {
      if (isImagePath(path.join("."), page)) fields.push({ path: path.join("."), text: node, long: false, image: true });
      else if (isEditablePath(path.join("."), page))
        fields.push({ path: path.join("."), text: node, long: inList || node.length > LONG_TEXT_FROM });
    } else if (Array.isArray(node) && isRichPath(path.join("."), page) && isEditablePath(path.join("."), page)) {
      const paragraphs = node.filter((item): item is string => typeof item === "string");
      fields.push({ path: path.join("."), text: richTextValue(richTextFromParagraphs(paragraphs)), long: true, rich: true });
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, [...path, String(index)], true));
    } else if (typeof node === "object" && node !== null) {
      for (const [name, value] of Object.entries(node)) walk(value, [...path, name], inList);
    }
  };
  walk(defaults, [], false);
  return fields;
}

/**
 * The defaults with `values` (path → text) put in place: a copy, the defaults untouched. A path the
 * defaults do not have as a text (a key a release removed, a forged one) is ignored; a rich path of
 * `page` takes its value's document in place of the file's list (a value that is no document: the list).
 */
export function withValues(defaults: Messages, values: Record<string, string>, page: ContentPage = { path: "" }): Messages {
  const copy = structuredClone(defaults);
  for (const [path, value] of Object.entries(values)) {
    const parts = path.split(".");
    const last = parts.pop()!;
    let node: unknown = copy;
    for (const part of parts) {
      node = typeof node === "object" && node !== null && Object.hasOwn(node, part) ? (node as Record<string, unknown>)[part] : undefined;
    }
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, last)) continue;
    const current = (node as Record<string, unknown>)[last];
    if (typeof current === "string") (node as Record<string, unknown>)[last] = value;
    else if (Array.isArray(current) && isRichPath(path, page)) {
      const doc = parseRichTextJson(value);
      if (doc.ok) (node as Record<string, unknown>)[last] = doc.doc;
    }
  }
  return copy;
}
