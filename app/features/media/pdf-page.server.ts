import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * PDF.js's legacy build (the one for Node 20) carries core-js, which replaces built-ins Node
 * already has with JavaScript versions for every caller in the process, forever: `JSON.stringify`
 * and `JSON.parse` (twice, once per PDF.js module), `Array.prototype.push`, `Function.prototype.toString`.
 * After the first PDF was drawn every page render went through them (React's push, React Router's
 * JSON): several times slower (ADR 0026). PDF.js does not need those replacements, only the methods
 * core-js adds (kept), so the natives are put back after every use.
 */
const BUILT_INS: ReadonlyArray<[object, string]> = [
  [JSON, "stringify"],
  [JSON, "parse"],
  [Array.prototype, "push"],
  [Function.prototype, "toString"],
];
const NATIVES = BUILT_INS.map(([owner, name]) => Object.getOwnPropertyDescriptor(owner, name)!);

export function restoreNativeBuiltIns() {
  BUILT_INS.forEach(([owner, name], index) => {
    const native = NATIVES[index]!;
    if (Object.getOwnPropertyDescriptor(owner, name)?.value !== native.value) Object.defineProperty(owner, name, native);
  });
}

/**
 * The first page of a PDF as a picture (WebP, `width` px wide), made at import so the detail
 * dialog can show it (docs/media.md). PDF.js (Mozilla) renders it onto @napi-rs/canvas, both
 * from npm with prebuilt binaries; nothing runs outside this process. Undefined when the PDF
 * cannot be drawn (damaged, encrypted): the item is imported without the picture.
 */
export async function renderPdfFirstPage(file: string, width: number): Promise<Buffer | undefined> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const { createCanvas } = await import("@napi-rs/canvas");
  const data = new Uint8Array(await fs.promises.readFile(file));
  // The 14 standard PDF fonts (Helvetica, Times, ...) come with PDF.js, so unembedded text is drawn too.
  const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
  const task = pdfjs.getDocument({
    data,
    isEvalSupported: false,
    standardFontDataUrl: `${path.join(pdfjsRoot, "standard_fonts")}/`,
    cMapUrl: `${path.join(pdfjsRoot, "cmaps")}/`,
    cMapPacked: true,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    const page = await document.getPage(1);
    const unscaled = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: Math.min(width / unscaled.width, 4) });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext("2d");
    // PDF pages are white unless they paint otherwise.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
    const png = await canvas.encode("png");
    const { default: sharp } = await import("sharp");
    return await sharp(png).webp({ quality: 80 }).toBuffer();
  } catch {
    return undefined;
  } finally {
    await task.destroy();
    restoreNativeBuiltIns();
  }
}
