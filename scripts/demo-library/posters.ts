// The card pictures of the demo library's videos and sounds (ADR 0093), named as `poster` in
// seed/manifest.json. The server cannot decode video or audio (no ffmpeg), so these are drawn here from
// what the files were made of (scripts/demo-library/generate.mjs): each video's frame at its middle, at
// most 3 s in (as the console draws it from a file), rendered from the same art at twice the video's
// size; each sound's waveform from its samples, by the function the console uses (app/lib/waveform.ts).
// Run: npx tsx scripts/demo-library/posters.ts (needs sharp; no ffmpeg, no browser).
import { writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { waveformSvg } from "../../app/lib/waveform";
// @ts-expect-error: plain JavaScript modules of the demo generator, without types
import { countdownFrame, housesSvg, panCrop, stingFrame } from "./art.mjs";
// @ts-expect-error: as above
import { ambientPad, notificationChimes, sonicLogo } from "./audio.mjs";

const FILES = join(resolve(dirname(fileURLToPath(import.meta.url)), "../.."), "seed/files");
const FPS = 24;
/** The frame the console would draw of a clip `seconds` long. */
const posterTime = (seconds: number) => Math.min(seconds / 2, 3);

async function write(name: string, picture: ReturnType<typeof sharp>) {
  const data = await picture.webp({ quality: 80, effort: 6 }).toBuffer();
  writeFileSync(join(FILES, name), data);
  console.log(`  ${name}  ${(data.length / 1024).toFixed(1)} KB`);
}

/** An SVG rendered at `scale` times its size (144 dpi: twice), the vector art staying sharp. */
const svg = (text: string, scale = 1) => sharp(Buffer.from(text), { density: 72 * scale });

// Videos: 480 × 270 clips, their frames drawn at 960 × 540 from the same vector art.
await write("ip-angel-logo-sting.poster.webp", svg(stingFrame(posterTime(4)), 2));
await write("cuenta-atras-5-segundos.poster.webp", svg(countdownFrame(posterTime(5), 5), 2));
const houses = await svg(housesSvg(1600, 900)).png().toBuffer();
const panFrames = 6 * FPS;
await write(
  "kamerafahrt-haeuser-am-main.poster.webp",
  sharp(houses)
    .extract(panCrop(Math.round(posterTime(6) * FPS), panFrames))
    .resize(960, 540),
);

// Sounds: the waveform of the samples each file was encoded from.
await write("ip-angel-sonic-logo.poster.webp", svg(waveformSvg(sonicLogo(3))));
await write("klangflaeche-nachtschicht.poster.webp", svg(waveformSvg(ambientPad(6))));
await write("sonidos-de-notificacion.poster.webp", svg(waveformSvg(notificationChimes(2.6))));
