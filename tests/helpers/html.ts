/**
 * Reading the product's server-rendered HTML in HTTP-level end-to-end tests (the `request` fixture): what a
 * browser would show of a page that runs no script (content pages, ADR 0032), without loading it in one.
 * React's output is regular (quoted attributes, escaped text), so these small readers suffice; anything
 * that depends on a script running belongs in a browser test.
 */
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export function decodeEntities(text: string) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === "#")
      return String.fromCodePoint(name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The text of a fragment as a reader sees it: tags dropped, entities decoded, white space collapsed. */
export function textOf(fragment: string) {
  return decodeEntities(fragment.replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

/** The page's `<main>` element. */
export function mainOf(html: string) {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1];
  if (main === undefined) throw new Error("the page has no <main>");
  return main;
}

/** The headings (h1–h6) of a fragment, in order, as text; `level` keeps one level only. */
export function headingsOf(fragment: string, level?: number) {
  const tag = level ? `h${level}` : "h[1-6]";
  return [...fragment.matchAll(new RegExp(`<(${tag})\\b[^>]*>([\\s\\S]*?)</\\1>`, "g"))].map((match) => textOf(match[2]));
}

export function titleOf(html: string) {
  return decodeEntities(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? "");
}

/** The attributes of each `<tag …>` of `html` (names lower-cased, values decoded). */
export function tagsOf(html: string, tag: string) {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "gi"))].map((match) =>
    Object.fromEntries(
      [...match[1].matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [name.toLowerCase(), decodeEntities(value)]),
    ),
  );
}

/** The `content` of every `<meta name=…>` (or `property=…`). */
export function metaContents(html: string, name: string) {
  return tagsOf(html, "meta")
    .filter((meta) => meta.name === name || meta.property === name)
    .map((meta) => meta.content ?? "");
}

export function metaContent(html: string, name: string) {
  return metaContents(html, name)[0] ?? null;
}

export function htmlLang(html: string) {
  return /<html\b[^>]*\slang="([^"]*)"/.exec(html)?.[1] ?? null;
}
