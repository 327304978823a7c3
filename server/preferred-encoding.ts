/** The content codings the server sends, in its order of preference (smallest first). */
const PREFERENCE = ["br", "gzip"] as const;
export type ContentCoding = (typeof PREFERENCE)[number];
/** The answers to the headers seen last ("" for none), at most MAX_ANSWERS of them. */
const answers = new Map<string, ContentCoding | "">();
const MAX_ANSWERS = 64;

/**
 * The coding to send for a request's `Accept-Encoding` (RFC 9110 §12.5.3): brotli if the client
 * takes it, then gzip, else undefined (the body as it is). A coding is taken when it is listed, or
 * `*` is, with a weight above zero: `br;q=0` or `*;q=0` refuses it. Names are case-insensitive and
 * `x-gzip` is gzip. Among the codings a client takes the server keeps its own order (the smaller
 * body), not the client's weights. When the client takes nothing (not even `identity`), the body is
 * sent as it is all the same, as without the header.
 */
export function preferredEncoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  if (!acceptEncoding) return undefined;
  // Browsers send a handful of distinct headers: each is read once (~0.5 µs) instead of per request.
  const known = answers.get(acceptEncoding);
  if (known !== undefined) return known || undefined;
  const coding = readAcceptEncoding(acceptEncoding);
  if (answers.size >= MAX_ANSWERS) answers.clear();
  answers.set(acceptEncoding, coding ?? "");
  return coding;
}

function readAcceptEncoding(acceptEncoding: string): ContentCoding | undefined {
  const taken = new Map<string, boolean>();
  for (const entry of acceptEncoding.split(",")) {
    const [name = "", ...params] = entry.split(";");
    const coding = name
      .trim()
      .toLowerCase()
      .replace(/^x-gzip$/, "gzip");
    if (!coding) continue;
    const weight = params.map((param) => /^\s*q\s*=\s*(\S*)\s*$/i.exec(param)?.[1]).find((value) => value !== undefined);
    // Only a weight of zero refuses (a malformed one does not, as before this parser).
    const takes = weight === undefined || !(Number(weight) <= 0);
    // Listed twice: taken if either entry takes it.
    taken.set(coding, takes || taken.get(coding) === true);
  }
  return PREFERENCE.find((coding) => taken.get(coding) ?? taken.get("*") ?? false);
}
