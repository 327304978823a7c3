// Reads one untrusted file (an upload, an imported or seeded media file, an avatar) in a process of
// its own, started by app/lib/untrusted-file.server.ts with a heap limit, a watched RSS and a
// deadline (ADR 0041). The parsers (PDF.js on @napi-rs/canvas, sharp/libvips, music-metadata) live
// only here: a hostile file can stall or bloat this process, never the server, and their memory
// goes with this process when it exits. Plain JavaScript so the same file runs under `npm start`
// (no TypeScript at run time), in dev and in vitest.
//
// Protocol: the parent sends jobs over the IPC channel, one at a time, and this process answers each
// with one message; it exits when the channel closes. A job names files only (input and output paths
// in this process's scratch folder), never bytes.
//   { kind: "image", file, thumbnail, width, maxPixels, raster? } → { width, height }
//   { kind: "renditions", file, maxPixels, outputs: [{ path, width, format }] } → {}
//   { kind: "avatar", file, output, size, maxPixels }           → { ext }
//   { kind: "audio" | "video", file, cover? }                   → { durationMs, width, height, cover: boolean }
//   { kind: "pdf", file, thumbnail, width, maxPages, maxImagePixels } → { pages, thumbnail: boolean }
// Answers: { ok: true, result } or { ok: false, refusal: "unreadable" | "pixels" | "pages" }.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { probeMatroska } from "./matroska-probe.mjs";

class Refusal extends Error {
  constructor(refusal, message) {
    super(message);
    this.refusal = refusal;
  }
}

async function loadSharp() {
  const { default: sharp } = await import("sharp");
  // One libvips thread and no cache: one file, on a machine the server shares.
  sharp.concurrency(1);
  sharp.cache(false);
  return sharp;
}

/** The picture formats an avatar, a poster or an audio file's cover may have: raster images only. */
const RASTER_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

/** Width and height from the header only; refuses more than maxPixels before any pixel is decoded. */
async function imageSize(sharp, file, maxPixels) {
  let metadata;
  try {
    metadata = await sharp(file, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new Refusal("unreadable", error.message);
  }
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) throw new Refusal("unreadable", "no dimensions");
  if (width * height > maxPixels) throw new Refusal("pixels", `${width}×${height} pixels`);
  return { width, height, format: metadata.format };
}

async function image(job) {
  const sharp = await loadSharp();
  const { width, height, format } = await imageSize(sharp, job.file, job.maxPixels);
  // A poster or an embedded cover (ADR 0093) is a photo-like picture: no SVG, PDF or other vector format.
  if (job.raster && !RASTER_FORMATS.has(format)) throw new Refusal("unreadable", `not a raster image: ${format}`);
  try {
    await sharp(job.file, { failOn: "error", limitInputPixels: job.maxPixels })
      .rotate()
      // Never taller than three widths: the thumbnail is also a visitor's preview, at most 1600 px (ADR 0069).
      .resize({ width: job.width, height: job.width * 3, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 78 })
      .toFile(job.thumbnail);
  } catch (error) {
    throw new Refusal("unreadable", error.message);
  }
  return { width, height };
}

/**
 * The page renditions of an image (ADR 0091), each fitted inside width × 3·width and never enlarged.
 * AVIF at effort 2: about 1 to 3 s for 1440 px on one core, where sharp's default (4) took up to 37 s
 * (the ADR's measurements); its files are then no larger than WebP's at quality 78.
 */
async function renditions(job) {
  const sharp = await loadSharp();
  await imageSize(sharp, job.file, job.maxPixels);
  try {
    for (const output of job.outputs) {
      const pipeline = sharp(job.file, { failOn: "error", limitInputPixels: job.maxPixels })
        .rotate()
        .resize({ width: output.width, height: output.width * 3, fit: "inside", withoutEnlargement: true });
      if (output.format === "avif") await pipeline.avif({ quality: 50, effort: 2 }).toFile(output.path);
      else await pipeline.webp({ quality: 78 }).toFile(output.path);
    }
  } catch (error) {
    throw new Refusal("unreadable", error.message);
  }
  return {};
}

/** Raster formats only, re-encoded (EXIF with GPS position, ICC comments and XMP are dropped). */
async function avatar(job) {
  const sharp = await loadSharp();
  const { format } = await imageSize(sharp, job.file, job.maxPixels);
  if (!RASTER_FORMATS.has(format)) throw new Refusal("unreadable", `not a raster image: ${format}`);
  try {
    const pipeline = sharp(job.file, { limitInputPixels: job.maxPixels, animated: false })
      .rotate()
      .resize(job.size, job.size, { fit: "cover", withoutEnlargement: true });
    if (format === "png" || format === "gif") {
      await pipeline.png().toFile(job.output);
      return { ext: "png" };
    }
    if (format === "webp") {
      await pipeline.webp({ quality: 85 }).toFile(job.output);
      return { ext: "webp" };
    }
    await pipeline.jpeg({ quality: 85, mozjpeg: true }).toFile(job.output);
    return { ext: "jpg" };
  } catch (error) {
    throw new Refusal("unreadable", error.message);
  }
}

/**
 * Duration (and a video's frame size where the container tells it); with `cover`, the picture embedded
 * in an audio file (ID3 APIC, FLAC/Vorbis picture, MP4 covr), its bytes written there as they are: the
 * parent has it read as an untrusted image in a job of its own (ADR 0093).
 */
async function audioOrVideo(job) {
  const { parseFile, selectCover } = await import("music-metadata");
  let metadata;
  try {
    metadata = await parseFile(job.file, { duration: true, skipCovers: !job.cover });
  } catch (error) {
    // A browser recording (WebM with unknown sizes) is refused by the general parser: read its blocks.
    const matroska = await probeMatroska(job.file).catch(() => undefined);
    if (matroska?.durationMs) return { durationMs: matroska.durationMs, width: matroska.width, height: matroska.height };
    throw new Refusal("unreadable", error.message);
  }
  const { duration, width, height } = metadata.format;
  if (!Number.isFinite(duration) && metadata.format.container?.match(/matroska|webm/i)) {
    const matroska = await probeMatroska(job.file).catch(() => undefined);
    if (matroska?.durationMs) return { durationMs: matroska.durationMs, width: matroska.width, height: matroska.height };
  }
  const picture = job.cover ? selectCover(metadata.common.picture) : null;
  if (picture?.data?.length) await fs.promises.writeFile(job.cover, picture.data, { mode: 0o600 });
  return {
    cover: Boolean(picture?.data?.length),
    durationMs: Number.isFinite(duration) ? Math.round(duration * 1000) : null,
    // music-metadata reports a frame size for some video containers only.
    width: job.kind === "video" && Number.isFinite(width) ? width : null,
    height: job.kind === "video" && Number.isFinite(height) ? height : null,
  };
}

/**
 * The page count, and the first page as a WebP picture `width` px wide for the detail dialog
 * (docs/media.md), drawn by PDF.js (Mozilla) on @napi-rs/canvas. The canvas is at most as tall
 * as three widths whatever the page's size; images over maxImagePixels are not drawn. A PDF that
 * opens but cannot be drawn keeps its page count and gets no picture.
 */
async function pdf(job) {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const { createCanvas } = await import("@napi-rs/canvas");
  const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
  const task = pdfjs.getDocument({
    data: new Uint8Array(await fs.promises.readFile(job.file)),
    isEvalSupported: false,
    maxImageSize: job.maxImagePixels,
    // The 14 standard PDF fonts (Helvetica, Times, ...) come with PDF.js, so unembedded text is drawn too.
    standardFontDataUrl: `${path.join(pdfjsRoot, "standard_fonts")}/`,
    cMapUrl: `${path.join(pdfjsRoot, "cmaps")}/`,
    cMapPacked: true,
    verbosity: 0,
  });
  let document;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy();
    throw new Refusal("unreadable", error.message);
  }
  const pages = document.numPages;
  if (!(pages >= 1)) throw new Refusal("unreadable", "no pages");
  if (pages > job.maxPages) throw new Refusal("pages", `${pages} pages`);
  try {
    const page = await document.getPage(1);
    const unscaled = page.getViewport({ scale: 1 });
    const scale = Math.min(job.width / unscaled.width, (3 * job.width) / unscaled.height, 4);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.max(1, Math.ceil(viewport.width)), Math.max(1, Math.ceil(viewport.height)));
    const context = canvas.getContext("2d");
    // PDF pages are white unless they paint otherwise.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    const sharp = await loadSharp();
    await sharp(await canvas.encode("png"))
      .webp({ quality: 80 })
      .toFile(job.thumbnail);
    return { pages, thumbnail: true };
  } catch {
    return { pages, thumbnail: false };
  } finally {
    await task.destroy();
  }
}

const HANDLERS = { image, renditions, avatar, audio: audioOrVideo, video: audioOrVideo, pdf };

function answer(message) {
  process.send(message);
}

// No more files, or the server went away (crashed, killed): nobody waits for an answer.
process.on("disconnect", () => process.exit(0));
process.on("message", async (job) => {
  try {
    const handler = HANDLERS[job?.kind];
    if (!handler) throw new Refusal("unreadable", `unknown job ${job?.kind}`);
    answer({ ok: true, result: await handler(job) });
  } catch (error) {
    answer({ ok: false, refusal: error instanceof Refusal ? error.refusal : "unreadable", detail: String(error?.message ?? error) });
  }
});
