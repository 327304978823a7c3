import fs from "node:fs";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import sharp from "sharp";

/** A mono 16-bit PCM WAV of a sine tone, written byte by byte (RIFF header + samples). */
export function makeWav(durationMs: number, sampleRate = 8000, frequency = 440) {
  const samples = Math.round((sampleRate * durationMs) / 1000);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 8000), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * `wav` with a cover picture embedded as an audio player shows it: an ID3v2.3 tag with an APIC frame
 * (front cover) in the WAV's `id3 ` chunk.
 */
export function withCover(wav: Buffer, picture: Buffer, mimeType = "image/png") {
  const content = Buffer.concat([Buffer.from([0]), Buffer.from(`${mimeType}\0`, "latin1"), Buffer.from([3, 0]), picture]);
  const frame = Buffer.alloc(10);
  frame.write("APIC", 0, "ascii");
  frame.writeUInt32BE(content.length, 4);
  const body = Buffer.concat([frame, content]);
  const header = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]);
  // The tag's size in four 7-bit bytes ("synchsafe").
  for (let index = 0; index < 4; index++) header[6 + index] = (body.length >> (7 * (3 - index))) & 0x7f;
  const tag = Buffer.concat([header, body]);
  const chunk = Buffer.alloc(8 + tag.length + (tag.length % 2));
  chunk.write("id3 ", 0, "ascii");
  chunk.writeUInt32LE(tag.length, 4);
  tag.copy(chunk, 8);
  const result = Buffer.concat([wav, chunk]);
  result.writeUInt32LE(result.length - 8, 4);
  return result;
}

export async function makePng(width: number, height: number, color = { r: 120, g: 140, b: 255 }) {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export async function makePdf(pages: number) {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    document.addPage([595, 842]).drawText(`Page ${i + 1}`, { x: 50, y: 780, size: 24, font });
  }
  return Buffer.from(await document.save());
}

export interface FixtureOptions {
  /** Prefix of every title, so several test files can share one database without clashes. */
  prefix?: string;
}

/**
 * Writes a small manifest with one item of every kind into `dir`: a 1200×630 PNG, a 2.5 s WAV,
 * a 3-page PDF, a CSV, a text document and a services item, in 2 categories and 2 languages.
 */
export async function writeMediaFixtures(dir: string, options: FixtureOptions = {}) {
  const prefix = options.prefix ?? "";
  fs.mkdirSync(path.join(dir, "files"), { recursive: true });
  fs.writeFileSync(path.join(dir, "files/logo.png"), await makePng(1200, 630));
  fs.writeFileSync(path.join(dir, "files/tone.wav"), makeWav(2500));
  fs.writeFileSync(path.join(dir, "files/guide.pdf"), await makePdf(3));
  fs.writeFileSync(path.join(dir, "files/prices.csv"), "product,price\nlamp,12.50\ndesk,199.00\n");
  fs.writeFileSync(path.join(dir, "files/notes.txt"), "Plain text notes about the library.\n");
  const manifest = {
    categories: ["Brand", "Tutorials"],
    items: [
      {
        title: `${prefix}Logo pack`,
        description: "Brand logo in high resolution for presentations and social media banners.",
        file_type: "image",
        file: "files/logo.png",
        categories: ["Brand"],
        language: "en",
        ai_generated: true,
        version: "1.0",
        external_links: { Project_Page: "https://example.org/logo" },
        creator: { name: "IP Angel Studio", url: "https://example.org/studio", handles: { primary: "@ipangel" } },
        source: { origin: "IP Angel", niche: "Branding", account_url: "https://example.org/@ipangel", account_handle: "@ipangel" },
        license: {
          name: "CC BY 4.0",
          spdx_id: "CC-BY-4.0",
          url: "https://creativecommons.org/licenses/by/4.0/",
          notice: "Credit IP Angel when you use it.",
        },
        attribution: { text: "Logo pack by IP Angel Studio, CC BY 4.0", url: "https://example.org/logo" },
        created_at: "2025-01-01T10:00:00Z",
      },
      {
        title: `${prefix}Meditation tone`,
        description: "A calm sine tone for intros.",
        file_type: "audio",
        file: "files/tone.wav",
        categories: ["Tutorials"],
        language: "en",
        license: { name: "CC0 1.0", spdx_id: "CC0-1.0", url: "https://creativecommons.org/publicdomain/zero/1.0/" },
        created_at: "2025-01-02T10:00:00Z",
      },
      {
        title: `${prefix}Häuser der Zukunft`,
        description: "Ein Leitfaden über nachhaltige Häuser und Gebäude.",
        file_type: "pdf",
        file: "files/guide.pdf",
        categories: ["Tutorials"],
        language: "de",
        license: { name: "MIT", spdx_id: "MIT", url: "https://opensource.org/license/mit" },
        created_at: "2025-01-03T10:00:00Z",
      },
      {
        title: `${prefix}Price list`,
        description: "Spreadsheet of example prices.",
        file_type: "sheet",
        file: "files/prices.csv",
        categories: ["Brand"],
        language: "en",
        searchable_text: "catalogue inventory",
        created_at: "2025-01-04T10:00:00Z",
      },
      {
        title: `${prefix}Release notes`,
        description: "Notas de la versión en texto plano.",
        file_type: "document",
        file: "files/notes.txt",
        language: "es",
        created_at: "2025-01-05T10:00:00Z",
      },
      {
        title: `${prefix}Translation API`,
        description: "Hosted translation service for your apps.",
        file_type: "services",
        service_kind: "REST API",
        endpoint: "https://api.example.org/translate",
        external_links: { API_Docs: "https://example.org/docs" },
        language: "en",
        created_at: "2025-01-06T10:00:00Z",
      },
    ],
  };
  const manifestPath = path.join(dir, "manifest.json");
  fs.writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  return { manifestPath, manifest };
}
