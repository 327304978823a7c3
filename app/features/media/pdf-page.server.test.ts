import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { makePdf } from "../../../tests/helpers/media-fixtures";
import { renderPdfFirstPage } from "./pdf-page.server";

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

  it("gives no picture for a file that is not a PDF", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-page-"));
    const file = path.join(dir, "broken.pdf");
    fs.writeFileSync(file, "not a pdf at all");
    expect(await renderPdfFirstPage(file, 480)).toBeUndefined();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
