/**
 * Rich text of the content pages (ADR 0061): a Tiptap (ProseMirror) JSON document, read through one
 * allow-list on every way in and out: when the console saves a field, and when a page renders one. Only
 * these survive:
 * - blocks: paragraph, heading of level 2 or 3, bullet list, ordered list (whose items hold paragraphs
 *   and nested lists);
 * - text with the marks bold, italic and link, a link only to http(s), mailto or a path of this site;
 * - an image of the media library (top level only): its item's id and an alt text, never an address
 *   (the page resolves the id to a published picture, ADR 0082; one that carries a src is dropped).
 * Any other node is dropped with everything in it, any other mark or attribute is dropped, and text is
 * only ever text: the page renders it through React, which escapes it. A document over the limits is
 * refused as a whole, never cut.
 *
 * The module needs no library, so the public pages that React renders in the browser (ADR 0054 §6)
 * share it with the server, and the editor (Tiptap) loads only in the console.
 */

import { CONTROL_CHARACTER } from "./field-limits";
import { isUuid } from "./uuid";

export type RichMark = { type: "bold" } | { type: "italic" } | { type: "link"; attrs: { href: string } };
export interface RichTextNode {
  type: "text";
  text: string;
  marks?: RichMark[];
}
export interface RichParagraph {
  type: "paragraph";
  content?: RichTextNode[];
}
export interface RichHeading {
  type: "heading";
  attrs: { level: 2 | 3 };
  content?: RichTextNode[];
}
export interface RichListItem {
  type: "listItem";
  content: RichBlock[];
}
export interface RichList {
  type: "bulletList" | "orderedList";
  content: RichListItem[];
}
/** A picture of the media library: the page shows it while the item is a published image (ADR 0082). */
export interface RichImage {
  type: "image";
  attrs: { mediaId: string; alt?: string };
}
export type RichBlock = RichParagraph | RichHeading | RichList | RichImage;
export interface RichDoc {
  type: "doc";
  content: RichBlock[];
}

/**
 * The bounds of one field's document: its JSON as posted, its nodes, the text in it and how deep lists
 * nest (a document is at depth 0, a paragraph of the top level at 1, a nested list adds 2).
 */
export const RICH_TEXT_LIMITS = { json: 200_000, nodes: 3_000, text: 20_000, depth: 9, href: 2_000, alt: 300 } as const;

export type RichTextProblem = "invalid" | "tooLarge" | "tooLong" | "tooDeep";
export type RichTextResult = { ok: true; doc: RichDoc } | { ok: false; problem: RichTextProblem };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
// Control characters never belong in a page's text (a tab or line break inside a text node is a space).
const CONTROL = new RegExp(CONTROL_CHARACTER.source, "gu");

/**
 * The link targets a page may carry: an absolute http(s) URL with a host, a mailto address, or a path
 * of this site ("/about", "/media?lang=de#top"; never "//host", which leaves the site). Anything else
 * (javascript:, data:, a relative "about", a URL with spaces or control characters) is no link.
 */
export function safeHref(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const href = value.trim();
  if (href.length === 0 || href.length > RICH_TEXT_LIMITS.href || /[\s\\]/.test(href) || CONTROL_CHARACTER.test(href)) return undefined;
  if (href.startsWith("/")) return href.startsWith("//") ? undefined : href;
  if (/^mailto:[^@/?#]+@[^@/?#]+(\?.*)?$/i.test(href)) return href;
  if (!/^https?:\/\//i.test(href)) return undefined;
  try {
    const url = new URL(href);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" ? href : undefined;
  } catch {
    return undefined;
  }
}

class Refused extends Error {
  constructor(readonly problem: RichTextProblem) {
    super(problem);
  }
}

function reader() {
  let nodes = 0;
  let text = 0;
  const count = (depth: number) => {
    if (++nodes > RICH_TEXT_LIMITS.nodes) throw new Refused("tooLarge");
    if (depth > RICH_TEXT_LIMITS.depth) throw new Refused("tooDeep");
  };

  const marksOf = (value: unknown): RichMark[] => {
    if (!Array.isArray(value)) return [];
    const marks: RichMark[] = [];
    for (const mark of value.slice(0, 8)) {
      if (!isRecord(mark)) continue;
      const type = mark.type;
      if ((type === "bold" || type === "italic") && !marks.some((kept) => kept.type === type)) marks.push({ type });
      if (type === "link" && !marks.some((kept) => kept.type === "link")) {
        const href = safeHref(isRecord(mark.attrs) ? mark.attrs.href : undefined);
        if (href) marks.push({ type: "link", attrs: { href } });
      }
    }
    return marks;
  };

  /** The nodes of a `content` array that `read` keeps (undefined: left out), each one counted against the limits. */
  const each = <T>(value: unknown, depth: number, read: (node: Record<string, unknown>) => T | undefined): T[] => {
    if (!Array.isArray(value)) return [];
    const kept: T[] = [];
    for (const node of value) {
      count(depth);
      const item = isRecord(node) ? read(node) : undefined;
      if (item !== undefined) kept.push(item);
    }
    return kept;
  };

  const inline = (value: unknown, depth: number) =>
    each(value, depth, (node): RichTextNode | undefined => {
      if (node.type !== "text" || typeof node.text !== "string") return undefined;
      const clean = node.text.replace(CONTROL, " ");
      if (clean === "") return undefined;
      text += clean.length;
      if (text > RICH_TEXT_LIMITS.text) throw new Refused("tooLong");
      const marks = marksOf(node.marks);
      return marks.length > 0 ? { type: "text", text: clean, marks } : { type: "text", text: clean };
    });

  const blocks = (value: unknown, depth: number): RichBlock[] =>
    each(value, depth, (node): RichBlock | undefined => {
      if (node.type === "paragraph" || node.type === "heading") {
        const content = inline(node.content, depth + 1);
        if (content.length === 0) return undefined;
        if (node.type === "paragraph") return { type: "paragraph", content };
        return { type: "heading", attrs: { level: isRecord(node.attrs) && node.attrs.level === 3 ? 3 : 2 }, content };
      }
      if (node.type === "bulletList" || node.type === "orderedList") {
        const items = listItems(node.content, depth + 1);
        return items.length > 0 ? { type: node.type, content: items } : undefined;
      }
      if (node.type === "image") return image(node.attrs);
      // Any other node (a script, a code block, a node a later editor makes) is left out, with its content.
      return undefined;
    });

  /** A library image: a UUID and an optional alt text; an address (src) or any other id is no picture of the library. */
  const image = (attrs: unknown): RichImage | undefined => {
    if (!isRecord(attrs) || "src" in attrs || !isUuid(attrs.mediaId)) return undefined;
    const alt = typeof attrs.alt === "string" ? attrs.alt.replace(CONTROL, " ").trim() : "";
    if (alt.length > RICH_TEXT_LIMITS.alt) throw new Refused("tooLong");
    text += alt.length;
    if (text > RICH_TEXT_LIMITS.text) throw new Refused("tooLong");
    const mediaId = attrs.mediaId.toLowerCase();
    return alt ? { type: "image", attrs: { mediaId, alt } } : { type: "image", attrs: { mediaId } };
  };

  const listItems = (value: unknown, depth: number) =>
    each(value, depth, (node): RichListItem | undefined => {
      if (node.type !== "listItem") return undefined;
      // An item's own blocks: paragraphs and nested lists (a heading inside a list item is not a page's outline: its words
      // become a paragraph; a picture is not a list's either, and is left out).
      const content = blocks(node.content, depth + 1).flatMap((block): RichBlock[] =>
        block.type === "heading" ? [{ type: "paragraph", content: block.content }] : block.type === "image" ? [] : [block],
      );
      return content.length > 0 ? { type: "listItem", content } : undefined;
    });

  return (value: unknown): RichDoc => {
    if (!isRecord(value) || value.type !== "doc") throw new Refused("invalid");
    return { type: "doc", content: blocks(value.content, 1) };
  };
}

/** A document (parsed JSON) through the allow-list: the clean document, or why it is refused. */
export function parseRichText(value: unknown): RichTextResult {
  try {
    return { ok: true, doc: reader()(value) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, problem: error.problem };
    // Only a document nested past what the engine's stack takes gets here (the depth bound stops any other).
    return { ok: false, problem: "tooDeep" };
  }
}

/** A field's value as posted or stored (the document's JSON) through the allow-list. */
export function parseRichTextJson(json: string): RichTextResult {
  if (json.length > RICH_TEXT_LIMITS.json) return { ok: false, problem: "tooLarge" };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, problem: "invalid" };
  }
  return parseRichText(value);
}

export const isEmptyRichText = (doc: RichDoc) => doc.content.length === 0;

/**
 * A field's stored value: the clean document as JSON, the same text for the same document, so an
 * unchanged field equals its default and keeps following the file (ADR 0054 §2). Empty: "".
 */
export function richTextValue(doc: RichDoc): string {
  return isEmptyRichText(doc) ? "" : JSON.stringify(doc);
}

/** The document a file's list of paragraphs stands for (the field's default). */
export function richTextFromParagraphs(paragraphs: readonly string[]): RichDoc {
  const doc = parseRichText({
    type: "doc",
    content: paragraphs.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })),
  });
  return doc.ok ? doc.doc : { type: "doc", content: [] };
}

/** The words of a document, its blocks one per line (the console's "default:" hint, a diff). */
export function richTextPlain(doc: RichDoc): string {
  const lines: string[] = [];
  const walk = (blocks: RichBlock[], prefix: string) => {
    for (const block of blocks) {
      if (block.type === "paragraph" || block.type === "heading")
        lines.push(prefix + (block.content ?? []).map((node) => node.text).join(""));
      else if (block.type === "image") {
        if (block.attrs.alt) lines.push(`${prefix}[${block.attrs.alt}]`);
      } else for (const item of block.content) walk(item.content, `${prefix}• `);
    }
  };
  walk(doc.content, "");
  return lines.join("\n");
}

/** The library items a document's pictures name, each once (the page resolves them in one query). */
export function richTextImageIds(doc: RichDoc): string[] {
  return [...new Set(doc.content.flatMap((block) => (block.type === "image" ? [block.attrs.mediaId] : [])))];
}
