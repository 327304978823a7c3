import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { makePdf } from "../../../tests/helpers/media-fixtures";
import { renderPdfFirstPage } from "./pdf-page.server";

// Taken before PDF.js is loaded (it is imported on first use).
const natives = { stringify: JSON.stringify, parse: JSON.parse, push: Array.prototype.push, toString: Function.prototype.toString };

describe("renderPdfFirstPage", () => {
  it("draws the first page of a PDF as a WebP picture of the asked width", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-page-"));
    const file = path.join(dir, "guide.pdf");
    fs.writeFileSync(file, await makePdf(3));
    const picture = await renderPdfFirstPage(file, 480);
    expect(picture).toBeInstanceOf(Buffer);
    const metadata = await sharp(picture!).metadata();
    expect(metadata.format).toBe("webp");
    expect(metadata.width).toBe(480);
    // Something is drawn on the white page (the fixture writes a title on it).
    const { channels } = await sharp(picture!).stats();
    expect(channels[0]!.min).toBeLessThan(200);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("leaves the process with Node's own JSON and Array.prototype.push (PDF.js's core-js replaces them)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-page-"));
    const file = path.join(dir, "guide.pdf");
    fs.writeFileSync(file, await makePdf(1));
    expect(await renderPdfFirstPage(file, 120)).toBeInstanceOf(Buffer);
    expect(JSON.stringify).toBe(natives.stringify);
    expect(JSON.parse).toBe(natives.parse);
    expect(Array.prototype.push).toBe(natives.push);
    expect(Function.prototype.toString).toBe(natives.toString);
    // What PDF.js needs and Node 20 lacks stays.
    expect("withResolvers" in Promise).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("gives no picture for a file that is not a PDF", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-page-"));
    const file = path.join(dir, "broken.pdf");
    fs.writeFileSync(file, "not a pdf at all");
    expect(await renderPdfFirstPage(file, 480)).toBeUndefined();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
