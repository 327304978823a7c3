import { deflateSync } from "node:zlib";
import { makePng, makeWav } from "./media-fixtures";

/**
 * Hostile and broken files, made in the test (a few KB each on disk): the reproductions of the
 * reported PDF attacks (issue 28) and a fuzz corpus of malformed PDFs, images, audio and video.
 */

/** A PDF from its object bodies (object n is `objects[n - 1]`), with a correct cross-reference table. */
export function rawPdf(objects: Array<string | Buffer>, { root = 1, trailer = "" } = {}) {
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, "latin1"),
      typeof body === "string" ? Buffer.from(body, "latin1") : body,
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${objects.length + 1} /Root ${root} 0 R ${trailer}>>`,
    "startxref",
    String(length),
    "%%EOF",
  ].join("\n");
  parts.push(Buffer.from(`${xref}\n`, "latin1"));
  return Buffer.concat(parts);
}

/** A stream object whose data is deflated (FlateDecode). */
function flateStream(data: Buffer, dictionary = "") {
  const packed = deflateSync(data, { level: 9 });
  return Buffer.concat([
    Buffer.from(`<< /Length ${packed.length} /Filter /FlateDecode ${dictionary}>>\nstream\n`, "latin1"),
    packed,
    Buffer.from("\nendstream", "latin1"),
  ]);
}

/** One page with the given content stream and resources. */
function onePage(
  content: Buffer | string,
  { mediaBox = "[0 0 595 842]", resources = "<< >>", extra: extraObjects = [] as Array<string | Buffer> } = {},
) {
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox ${mediaBox} /Resources ${resources} /Contents 4 0 R >>`,
    typeof content === "string" ? `<< /Length ${content.length} >>\nstream\n${content}\nendstream` : content,
    ...extraObjects,
  ]);
}

/**
 * A decompression bomb in the page's content stream: `operations` tiny filled rectangles deflate
 * to ~1/1000 of their size. ~400,000 of them make a 4-5 KB file whose drawing blocked the server
 * for seconds; 10 million make ~130 KB that ran for minutes and took gigabytes (issue 28).
 */
export function pdfContentBomb(operations: number) {
  const operation = Buffer.from("0 0 1 1 re f\n", "latin1");
  return onePage(flateStream(Buffer.alloc(operation.length * operations, operation)));
}

/** An image of width × height grey pixels (all zero, so it deflates ~1000:1) drawn over the page. */
export function pdfImageBomb(width: number, height: number) {
  return onePage(flateStream(Buffer.from("q 595 0 0 842 0 0 cm /Im0 Do Q\n", "latin1")), {
    resources: "<< /XObject << /Im0 5 0 R >> >>",
    extra: [
      flateStream(
        Buffer.alloc(width * height),
        `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 `,
      ),
    ],
  });
}

/** A page larger than any printer: the renderer must not allocate a canvas of its size. */
export function pdfHugePage() {
  return onePage("0 0 1 rg 0 0 10000000 10000000 re f", { mediaBox: "[0 0 10000000 10000000]" });
}

/** A page 1 point wide and a million points tall (a thumbnail of its width would be gigapixels). */
export function pdfNeedlePage() {
  return onePage("0 0 1 rg 0 0 1 1000000 re f", { mediaBox: "[0 0 1 1000000]" });
}

/** Graphics states saved `depth` times without being restored, and arrays nested as deep. */
export function pdfDeepNesting(depth: number) {
  return onePage(flateStream(Buffer.from(`${"q ".repeat(depth)}${"[".repeat(depth)}${"]".repeat(depth)} 0 0 1 1 re f`, "latin1")));
}

/** A page tree that claims a billion pages and whose kids point back at their parent. */
export function pdfPageTreeLoop() {
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 1000000000 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
  ]);
}

/** `pages` pages sharing one content stream (a real, valid document over the page limit). */
export function pdfManyPages(pages: number) {
  const kids = Array.from({ length: pages }, (_, index) => `${index + 4} 0 R`).join(" ");
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    "<< /Length 12 >>\nstream\n0 0 1 1 re f\nendstream",
    ...Array.from({ length: pages }, () => "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R >>"),
  ]);
}

/** A cross-reference section whose /Prev points at itself. */
export function pdfXrefLoop() {
  const pdf = rawPdf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"]).toString("latin1");
  const startxref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
  return Buffer.from(pdf.replace("/Root 1 0 R ", `/Root 1 0 R /Prev ${startxref} `), "latin1");
}

function crc32(bytes: Buffer) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG header claiming width × height pixels, with a little (truncated) pixel data. */
export function pngPixelBomb(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = deflateSync(Buffer.alloc(Math.min(width + 1, 1 << 20) * 64));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", rows),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG header (SOI, SOF0) claiming width × height, then garbage and EOI. */
export function jpegPixelBomb(width: number, height: number) {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x01, 0x01, 0x11, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), sof, Buffer.alloc(256, 0x55), Buffer.from([0xff, 0xd9])]);
}

/** A WebP (VP8X) whose canvas is width × height. */
export function webpPixelBomb(width: number, height: number) {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const chunk = Buffer.concat([Buffer.from("VP8X", "latin1"), Buffer.from([10, 0, 0, 0]), vp8x]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(4 + chunk.length);
  return Buffer.concat([Buffer.from("RIFF", "latin1"), size, Buffer.from("WEBP", "latin1"), chunk]);
}

/** An SVG that asks for a huge raster, and one with exponentially expanding entities. */
export function svgPixelBomb() {
  return Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="200000" height="200000"><rect width="100%" height="100%"/></svg>');
}

export function svgEntityBomb() {
  const entities = ['<!ENTITY a0 "lol">'];
  for (let i = 1; i < 10; i++) entities.push(`<!ENTITY a${i} "${`&a${i - 1};`.repeat(10)}">`);
  return Buffer.from(
    `<?xml version="1.0"?><!DOCTYPE svg [${entities.join("")}]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&a9;</text></svg>`,
  );
}

/** An MP4 whose atoms claim sizes far beyond the file, and nest into themselves. */
export function mp4Malformed() {
  const atom = (type: string, size: number, body = Buffer.alloc(0)) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(size);
    head.write(type, 4, "latin1");
    return Buffer.concat([head, body]);
  };
  const ftyp = atom("ftyp", 20, Buffer.from("isom\0\0\0\x01isom", "latin1"));
  let nested = atom("moov", 0xfffffff0);
  for (let i = 0; i < 2000; i++) nested = atom(i % 2 ? "trak" : "mdia", 0xfffffff0, nested);
  return Buffer.concat([ftyp, atom("moov", 0xffffffff, nested)]);
}

/** A WAV whose header claims 4 GB of samples and a zero sample rate. */
export function wavMalformed() {
  const wav = makeWav(50);
  wav.writeUInt32LE(0, 24); // sample rate 0
  wav.writeUInt32LE(0, 28); // byte rate 0
  wav.writeUInt32LE(0xffffffff, 40);
  return wav;
}

/** An MP3 of frame headers with nothing behind them, and an ID3 tag claiming 256 MB. */
export function mp3Malformed() {
  const id3 = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x7f, 0x7f, 0x7f, 0x7f]);
  const frames = Buffer.alloc(4 * 5000);
  for (let i = 0; i < 5000; i++) frames.set([0xff, 0xfb, 0x90, 0x64], i * 4);
  return Buffer.concat([id3, frames]);
}

/** An Ogg page with a bad checksum and a segment table pointing past the end. */
export function oggMalformed() {
  const page = Buffer.alloc(27 + 255);
  page.write("OggS", 0, "latin1");
  page[4] = 0;
  page[5] = 2;
  page[26] = 255;
  page.fill(255, 27);
  return Buffer.concat([page, Buffer.from("\x01vorbis", "latin1")]);
}

/** A FLAC stream whose first metadata block claims 16 MB. */
export function flacMalformed() {
  return Buffer.concat([Buffer.from("fLaC", "latin1"), Buffer.from([0x00, 0xff, 0xff, 0xff]), Buffer.alloc(64, 0xab)]);
}

/** A WebM/Matroska EBML header with an element of "unknown" (infinite) size nested deeply. */
export function webmMalformed() {
  const ebml = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  const segment = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  return Buffer.concat([ebml, Buffer.alloc(0), segment, Buffer.alloc(2048, 0x1f)]);
}

/** A deterministic pseudo-random buffer (the same bytes every run). */
export function noise(length: number, seed = 1) {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    bytes[i] = state >> 16;
  }
  return bytes;
}

/** `bytes` with the range [from, from + length) replaced by noise: a damaged copy of a valid file. */
function damaged(bytes: Buffer, from: number, length: number, seed: number) {
  const copy = Buffer.from(bytes);
  copy.set(noise(Math.min(length, copy.length - from), seed), from);
  return copy;
}

export type ProbeKind = "image" | "audio" | "video" | "pdf";

export interface CorpusEntry {
  name: string;
  kind: ProbeKind;
  bytes: Buffer;
}

/** The fuzz corpus: every entry must end in a result or a clean refusal. */
export async function malformedCorpus(): Promise<CorpusEntry[]> {
  const png = await makePng(64, 48);
  const wav = makeWav(300);
  return [
    { name: "content-bomb.pdf", kind: "pdf", bytes: pdfContentBomb(400_000) },
    { name: "image-bomb.pdf", kind: "pdf", bytes: pdfImageBomb(20_000, 20_000) },
    { name: "huge-page.pdf", kind: "pdf", bytes: pdfHugePage() },
    { name: "needle-page.pdf", kind: "pdf", bytes: pdfNeedlePage() },
    { name: "deep-nesting.pdf", kind: "pdf", bytes: pdfDeepNesting(100_000) },
    { name: "page-tree-loop.pdf", kind: "pdf", bytes: pdfPageTreeLoop() },
    { name: "xref-loop.pdf", kind: "pdf", bytes: pdfXrefLoop() },
    { name: "truncated.pdf", kind: "pdf", bytes: pdfContentBomb(10).subarray(0, 200) },
    { name: "noise.pdf", kind: "pdf", bytes: Buffer.concat([Buffer.from("%PDF-1.7\n"), noise(4096, 7)]) },
    { name: "empty.pdf", kind: "pdf", bytes: Buffer.alloc(0) },
    { name: "pixel-bomb.png", kind: "image", bytes: pngPixelBomb(100_000, 100_000) },
    { name: "pixel-bomb.jpg", kind: "image", bytes: jpegPixelBomb(65_000, 65_000) },
    { name: "pixel-bomb.webp", kind: "image", bytes: webpPixelBomb(16_383, 16_383) },
    { name: "pixel-bomb.svg", kind: "image", bytes: svgPixelBomb() },
    { name: "entity-bomb.svg", kind: "image", bytes: svgEntityBomb() },
    { name: "damaged.png", kind: "image", bytes: damaged(png, 40, 64, 3) },
    { name: "truncated.png", kind: "image", bytes: png.subarray(0, png.length / 2) },
    { name: "noise.jpg", kind: "image", bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), noise(4096, 11)]) },
    { name: "malformed.wav", kind: "audio", bytes: wavMalformed() },
    { name: "damaged.wav", kind: "audio", bytes: damaged(wav, 0, 44, 5) },
    { name: "malformed.mp3", kind: "audio", bytes: mp3Malformed() },
    { name: "malformed.ogg", kind: "audio", bytes: oggMalformed() },
    { name: "malformed.flac", kind: "audio", bytes: flacMalformed() },
    { name: "noise.m4a", kind: "audio", bytes: noise(8192, 13) },
    { name: "malformed.mp4", kind: "video", bytes: mp4Malformed() },
    { name: "malformed.webm", kind: "video", bytes: webmMalformed() },
    { name: "noise.mov", kind: "video", bytes: noise(8192, 17) },
  ];
}
