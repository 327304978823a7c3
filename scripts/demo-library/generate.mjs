#!/usr/bin/env node
// Generates the demo media library in seed/ (files + manifest.json).
// Everything is made here from code: no downloads. Run: node scripts/demo-library/generate.mjs
// Needs: sharp and pdf-lib (npm dependencies). Optional: ffmpeg on PATH for the video, OGG and MP3
// files; without it those files are left as they are (the committed copies ship) and a warning is printed.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { auroraSvg, countdownFrame, housesSvg, logoSvg, panCrop, patternSvg, socialCardSvg, stingFrame } from "./art.mjs";
import { ambientPad, notificationChimes, sonicLogo, SR } from "./audio.mjs";
import {
  API_ENDPOINT,
  apiQuickstartMd,
  contentCalendarSheets,
  farbpaletteCsv,
  guionTxt,
  presupuestoSheets,
  pressemitteilungBlocks,
} from "./content.mjs";
import { uuidv5, wav } from "./lib.mjs";
import { docx, xlsx } from "./office.mjs";
import { brandGuide, licenseGuideDe } from "./pdf.mjs";
import { CATEGORY_NAMES, TRANSLATIONS } from "./translations.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const SEED = join(ROOT, "seed");
const FILES = join(SEED, "files");
mkdirSync(FILES, { recursive: true });

/** Namespace for the stable item ids (UUID v5 of the item's slug). Never change it. */
const NS = "3b5f2a6e-8c1d-4e7a-9f20-1a2b3c4d5e6f";

const hasFfmpeg = spawnSync("ffmpeg", ["-version"], { stdio: "ignore" }).status === 0;
if (!hasFfmpeg) console.warn("ffmpeg not found: keeping the existing video/OGG/MP3 files.");

const out = (name) => join(FILES, name);
const write = (name, data) => {
  writeFileSync(out(name), data);
  console.log(`  ${name}  ${(statSync(out(name)).size / 1024).toFixed(1)} KB`);
};
const BITEXACT = ["-map_metadata", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact"];
function ffmpeg(args, name) {
  const r = spawnSync("ffmpeg", ["-y", "-hide_banner", "-loglevel", "error", ...args, out(name)], { stdio: "inherit" });
  if (r.status !== 0) throw new Error(`ffmpeg failed for ${name}`);
  console.log(`  ${name}  ${(statSync(out(name)).size / 1024).toFixed(1)} KB`);
}
async function renderFrames(dir, count, svgAt) {
  for (let i = 0; i < count; i++)
    await sharp(Buffer.from(svgAt(i)))
      .png({ compressionLevel: 1 })
      .toFile(join(dir, `f${String(i).padStart(4, "0")}.png`));
}

console.log("Generating demo library files in seed/files/ …");

// ---------- images ----------
const logoPng = await sharp(Buffer.from(logoSvg(1024)))
  .png({ compressionLevel: 9 })
  .toBuffer();
write("ip-angel-logo-pack.png", logoPng);
write(
  "aurora-wallpaper-1920x1080.jpg",
  await sharp(Buffer.from(auroraSvg(1920, 1080)))
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer(),
);
const housesPng = await sharp(Buffer.from(housesSvg(1600, 900)))
  .png()
  .toBuffer();
write("haeuser-am-main-abenddaemmerung.webp", await sharp(housesPng).webp({ quality: 80, effort: 6 }).toBuffer());
write("social-card-template-1200x630.png", await sharp(Buffer.from(socialCardSvg())).png({ compressionLevel: 9 }).toBuffer());
write(
  "patrones-geometricos-truchet.png",
  await sharp(Buffer.from(patternSvg(800, 8)))
    .png({ compressionLevel: 9, palette: true, effort: 10 })
    .toBuffer(),
);

// ---------- audio ----------
const logoSound = sonicLogo(3);
write("ip-angel-sonic-logo.wav", wav(logoSound, SR));
const tmp = mkdtempSync(join(tmpdir(), "demo-library-"));
try {
  if (hasFfmpeg) {
    writeFileSync(join(tmp, "pad.wav"), wav(ambientPad(6), SR));
    ffmpeg(["-i", join(tmp, "pad.wav"), "-c:a", "libvorbis", "-q:a", "3", ...BITEXACT], "klangflaeche-nachtschicht.ogg");
    writeFileSync(join(tmp, "chimes.wav"), wav(notificationChimes(2.6), SR));
    ffmpeg(["-i", join(tmp, "chimes.wav"), "-c:a", "libmp3lame", "-q:a", "4", ...BITEXACT], "sonidos-de-notificacion.mp3");

    // ---------- video ----------
    const FPS = 24;
    // 1) logo sting with the sonic logo as sound, H.264 + AAC in MP4
    const d1 = join(tmp, "sting");
    mkdirSync(d1);
    await renderFrames(d1, 4 * FPS, (i) => stingFrame(i / FPS));
    const sting = new Float64Array(SR * 4);
    sting.set(logoSound.subarray(0, Math.min(logoSound.length, sting.length)), Math.floor(SR * 0.45));
    writeFileSync(join(tmp, "sting.wav"), wav(sting, SR));
    ffmpeg(
      [
        "-framerate",
        String(FPS),
        "-i",
        join(d1, "f%04d.png"),
        "-i",
        join(tmp, "sting.wav"),
        "-c:v",
        "libx264",
        "-preset",
        "slow",
        "-crf",
        "24",
        "-pix_fmt",
        "yuv420p",
        "-c:a",
        "aac",
        "-b:a",
        "64k",
        "-ar",
        "44100",
        "-shortest",
        "-movflags",
        "+faststart",
        ...BITEXACT,
      ],
      "ip-angel-logo-sting.mp4",
    );
    // 2) Spanish countdown, VP9 in WebM
    const d2 = join(tmp, "count");
    mkdirSync(d2);
    await renderFrames(d2, 5 * FPS, (i) => countdownFrame(i / FPS, 5));
    ffmpeg(
      [
        "-framerate",
        String(FPS),
        "-i",
        join(d2, "f%04d.png"),
        "-c:v",
        "libvpx-vp9",
        "-b:v",
        "0",
        "-crf",
        "36",
        "-row-mt",
        "1",
        "-pix_fmt",
        "yuv420p",
        ...BITEXACT,
      ],
      "cuenta-atras-5-segundos.webm",
    );
    // 3) camera pan across the houses illustration, H.264 + AAC in MP4
    const d3 = join(tmp, "pan");
    mkdirSync(d3);
    const N = 6 * FPS;
    for (let i = 0; i < N; i++) {
      await sharp(housesPng)
        .extract(panCrop(i, N))
        .resize(480, 270)
        .png({ compressionLevel: 1 })
        .toFile(join(d3, `f${String(i).padStart(4, "0")}.png`));
    }
    // with the ambient pad as sound (a video-only MP4 also lacks a duration some parsers can read)
    ffmpeg(
      [
        "-framerate",
        String(FPS),
        "-i",
        join(d3, "f%04d.png"),
        "-i",
        join(tmp, "pad.wav"),
        "-c:v",
        "libx264",
        "-preset",
        "slow",
        "-crf",
        "25",
        "-pix_fmt",
        "yuv420p",
        "-c:a",
        "aac",
        "-b:a",
        "64k",
        "-ar",
        "44100",
        "-shortest",
        "-movflags",
        "+faststart",
        ...BITEXACT,
      ],
      "kamerafahrt-haeuser-am-main.mp4",
    );
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

// ---------- PDFs ----------
const logoSmall = await sharp(logoPng).resize(400, 400).png({ palette: true }).toBuffer();
const guide = await brandGuide(logoSmall);
write("ip-angel-brand-guidelines.pdf", guide.bytes);
const lic = await licenseGuideDe();
write("leitfaden-offene-lizenzen.pdf", lic.bytes);

// ---------- sheets ----------
const cal = contentCalendarSheets();
write(
  "content-calendar-template.xlsx",
  xlsx({
    meta: {
      title: "Content calendar template",
      creator: "IP Angel Academy",
      subject: "Editorial planning",
      keywords: "content calendar, editorial plan, social media",
      language: "en",
    },
    sheets: cal.sheets,
  }),
);
write("farbpalette.csv", farbpaletteCsv);
const pres = presupuestoSheets();
write(
  "plantilla-presupuesto-video.xlsx",
  xlsx({
    meta: {
      title: "Plantilla de presupuesto para producción de vídeo",
      creator: "IP Angel Academy",
      subject: "Presupuesto",
      keywords: "presupuesto, vídeo, producción",
      language: "es",
    },
    sheets: pres.sheets,
  }),
);

// ---------- documents ----------
write("media-library-api-quickstart.md", apiQuickstartMd);
write("guion-tutorial-biblioteca.txt", guionTxt);
write(
  "pressemitteilung-vorlage.docx",
  docx({
    meta: {
      title: "Pressemitteilung – Vorlage",
      creator: "IP Angel Academy",
      subject: "Vorlage",
      keywords: "Pressemitteilung, Vorlage, PR",
      language: "de",
    },
    blocks: pressemitteilungBlocks,
  }),
);

// ---------- manifest ----------
const SITE = "https://www.example.com";
const L = {
  ccby: {
    name: "CC BY 4.0",
    spdx_id: "CC-BY-4.0",
    url: "https://creativecommons.org/licenses/by/4.0/",
    notice:
      "You may share and adapt this work for any purpose, even commercially, as long as you give appropriate credit, link to the license and indicate if changes were made.",
  },
  ccbysa: {
    name: "CC BY-SA 4.0",
    spdx_id: "CC-BY-SA-4.0",
    url: "https://creativecommons.org/licenses/by-sa/4.0/",
    notice:
      "You may share and adapt this work for any purpose with appropriate credit and a link to the license; adaptations must be shared under the same license.",
  },
  cc0: {
    name: "CC0 1.0 Universal",
    spdx_id: "CC0-1.0",
    url: "https://creativecommons.org/publicdomain/zero/1.0/",
    notice: "The creator has waived all copyright and related rights to the extent possible under law. No attribution required.",
  },
  mit: {
    name: "MIT License",
    spdx_id: "MIT",
    url: "https://opensource.org/license/mit",
    notice:
      "Copyright (c) 2026 IP Angel. Permission is granted, free of charge, to use, copy, modify and distribute the code, provided this copyright notice and the permission notice are included in all copies or substantial portions.",
  },
  apache: {
    name: "Apache License 2.0",
    spdx_id: "Apache-2.0",
    url: "https://www.apache.org/licenses/LICENSE-2.0",
    notice:
      "The API description and client examples are licensed under the Apache License 2.0. The service itself is subject to the IP Angel terms of use.",
  },
};
const creators = {
  design: { name: "IP Angel Design Studio", url: `${SITE}/about`, handles: { primary: "@ipangel.design" } },
  sound: { name: "IP Angel Sound Lab", url: `${SITE}/media`, handles: { primary: "@ipangel.sound" } },
  motion: { name: "IP Angel Motion", url: `${SITE}/media`, handles: { primary: "@ipangel.motion" } },
  academy: { name: "IP Angel Academy", url: "https://academy.example.com", handles: { primary: "@ipangel.academy" } },
  eng: { name: "IP Angel Engineering", url: `${SITE}/platforms`, handles: { primary: "@ipangel.dev" } },
  consulting: { name: "IP Angel Consulting", url: `${SITE}/consulting`, handles: { primary: "@ipangel.consulting" } },
};
const source = (niche, handle = "@ipangel") => ({
  origin: "IP Angel in-house production",
  niche,
  account_url: `${SITE}/media`,
  account_handle: handle,
});
const credit = (title, creator, lic, url = `${SITE}/media`) =>
  lic.spdx_id === "CC0-1.0"
    ? { text: `"${title}" by ${creator.name}, dedicated to the public domain (CC0 1.0). Credit is appreciated but not required.`, url }
    : { text: `"${title}" by ${creator.name}, licensed under ${lic.name} (${lic.url}).`, url };

const items = [];
function item(slug, f) {
  const attribution = f.attribution ?? credit(f.title, f.creator, f.license);
  items.push({
    id: uuidv5(slug, NS),
    title: f.title,
    description: f.description,
    file_type: f.file_type,
    ...(f.file ? { file: `files/${f.file}` } : {}),
    // the card's picture of a video or sound, drawn by posters.ts (ADR 0093)
    ...(f.file_type === "video" || f.file_type === "audio" ? { poster: `files/${f.file.replace(/\.[^.]+$/, ".poster.webp")}` } : {}),
    categories: f.categories,
    language: f.language,
    ai_generated: f.ai_generated ?? false,
    version: f.version,
    // video frame size is known here; music-metadata does not report it for every container
    ...(f.file_type === "video" ? { width_px: 480, height_px: 270 } : {}),
    ...(f.sheet_type ? { sheet_type: f.sheet_type } : {}),
    ...(f.service_kind ? { service_kind: f.service_kind, endpoint: f.endpoint } : {}),
    external_links: f.external_links,
    creator: f.creator,
    source: f.source,
    license: f.license,
    attribution,
    ...(f.searchable_text ? { searchable_text: f.searchable_text } : {}),
    ...(TRANSLATIONS[slug] ? { translations: TRANSLATIONS[slug] } : {}),
    created_at: f.created_at,
  });
}

// --- Brand
item("logo-pack", {
  title: "IP Angel logo pack",
  description:
    "The IP Angel mark – the letter A under a halo – on its dark tile with wordmark and tagline, as a 1024 × 1024 PNG. Use it for partner pages, press articles and slides; the brand guidelines explain clear space and minimum sizes.",
  file_type: "image",
  file: "ip-angel-logo-pack.png",
  categories: ["Brand"],
  language: "en",
  version: "2.0",
  external_links: { Brand_Guidelines: `${SITE}/media?q=brand+guidelines`, Project_Page: `${SITE}/about` },
  creator: creators.design,
  source: source("Brand identity", "@ipangel.design"),
  license: {
    ...L.ccby,
    notice: `${L.ccby.notice} The license covers the artwork only; it grants no trademark rights in the IP Angel name or logo.`,
  },
  searchable_text: "logo mark emblem wordmark halo angel brand identity png",
  created_at: "2026-09-16T10:00:00Z",
});
item("brand-guidelines", {
  title: "IP Angel Brand Guidelines 2.0",
  description:
    "Five pages on how IP Angel looks and sounds: voice and tone, logo use and clear space, the colour palette with hex values and contrast ratios, typography and imagery, and how our brand assets are licensed.",
  file_type: "pdf",
  file: "ip-angel-brand-guidelines.pdf",
  categories: ["Brand"],
  language: "en",
  version: "2.0",
  external_links: {
    WCAG_Contrast_Guide: "https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum.html",
    Project_Page: `${SITE}/about`,
  },
  creator: creators.design,
  source: source("Brand identity", "@ipangel.design"),
  license: L.ccby,
  searchable_text: guide.text,
  created_at: "2026-09-15T09:00:00Z",
});
item("farbpalette", {
  title: "Farbpalette des Hauses (CSV)",
  description:
    "Alle Farben, die unser Haus auf Website, Folien und in Videos verwendet – mit Hex- und RGB-Werten und dem Einsatzzweck jeder Farbe. Zum Import in Design-Tools, Tabellen oder eigene Stylesheets.",
  file_type: "sheet",
  file: "farbpalette.csv",
  sheet_type: "csv",
  categories: ["Brand"],
  language: "de",
  version: "2.0",
  external_links: { Markenrichtlinien: `${SITE}/media?q=brand+guidelines`, CSV_Format_RFC_4180: "https://www.rfc-editor.org/rfc/rfc4180" },
  creator: creators.design,
  source: source("Markenidentität", "@ipangel.design"),
  license: L.cc0,
  searchable_text: "Farbe Farben Palette Hex RGB Indigo Türkis Nacht Markenfarben Corporate Design",
  created_at: "2026-09-14T15:30:00Z",
});
item("aurora-wallpaper", {
  title: "Aurora wallpaper (1920 × 1080)",
  description:
    "A calm desktop and video-call background: soft indigo, teal and violet light over a faint grid, in the brand palette. Dark enough behind text and windows; JPEG, Full HD.",
  file_type: "image",
  file: "aurora-wallpaper-1920x1080.jpg",
  categories: ["Brand"],
  language: "en",
  version: "1.1",
  external_links: { Project_Page: `${SITE}/media` },
  creator: creators.design,
  source: source("Backgrounds", "@ipangel.design"),
  license: L.cc0,
  searchable_text: "wallpaper background desktop video call gradient aurora northern lights",
  created_at: "2026-07-03T08:15:00Z",
});
item("sonic-logo", {
  title: "IP Angel sonic logo",
  description:
    "Our three-second sound signature: a bright, bell-like arpeggio that rises into an open C major chord. Use it at the start or end of videos, podcasts and presentations. WAV, 22.05 kHz mono.",
  file_type: "audio",
  file: "ip-angel-sonic-logo.wav",
  categories: ["Brand", "Sound"],
  language: "en",
  version: "1.0",
  external_links: { Brand_Guidelines: `${SITE}/media?q=brand+guidelines` },
  creator: creators.sound,
  source: source("Sound branding", "@ipangel.sound"),
  license: L.ccby,
  searchable_text: "jingle sound logo audio signature chime bell intro outro",
  created_at: "2026-08-20T11:45:00Z",
});
item("logo-sting", {
  title: "Logo sting with sound (4 s)",
  description:
    "A four-second intro: the halo draws itself, the A fades in and the wordmark rises, accompanied by the sonic logo. Made for the start of tutorials and social clips. MP4 (H.264/AAC), 480 × 270.",
  file_type: "video",
  file: "ip-angel-logo-sting.mp4",
  categories: ["Brand"],
  language: "en",
  version: "1.0",
  external_links: { Sonic_Logo: `${SITE}/media?q=sonic+logo`, FFmpeg: "https://ffmpeg.org/" },
  creator: creators.motion,
  source: source("Motion design", "@ipangel.motion"),
  license: L.ccby,
  searchable_text: "intro animation logo reveal motion video opener",
  created_at: "2026-10-28T14:20:00Z",
});
item("beratung-service", {
  title: "Consultoría de licencias abiertas",
  description:
    "Le ayudamos a publicar y reutilizar contenidos con licencias abiertas: elección de licencia, revisión de atribuciones, política de medios para su equipo y configuración de su propia biblioteca de medios. Sesiones en español, alemán o inglés.",
  file_type: "services",
  service_kind: "Consulting",
  endpoint: `${SITE}/consulting`,
  categories: ["Brand"],
  language: "es",
  version: "2026",
  external_links: {
    Reservar_cita: `${SITE}/contact`,
    Selector_de_licencias_CC: "https://creativecommons.org/chooser/",
    Lista_SPDX: "https://spdx.org/licenses/",
  },
  creator: creators.consulting,
  source: source("Consultoría", "@ipangel.consulting"),
  license: {
    ...L.ccby,
    notice:
      "La descripción del servicio y las listas de comprobación entregadas se publican bajo CC BY 4.0. El servicio en sí se presta según las condiciones de uso de IP Angel.",
  },
  attribution: { text: "IP Angel Consulting – Consultoría de licencias abiertas.", url: `${SITE}/consulting` },
  searchable_text: "asesoría licencias creative commons atribución derechos de autor biblioteca de medios",
  created_at: "2026-05-12T09:00:00Z",
});

// --- Tutorials
item("lizenz-leitfaden", {
  title: "Leitfaden: Offene Lizenzen richtig angeben",
  description:
    "Wie nennt man Urheber, Titel und Lizenz korrekt? Drei Seiten mit der TULLU-Regel, Mustertexten für CC BY, CC BY-SA, CC0 und MIT und einer Checkliste vor der Veröffentlichung – am Beispiel unserer Illustration der Häuser am Main.",
  file_type: "pdf",
  file: "leitfaden-offene-lizenzen.pdf",
  categories: ["Tutorials"],
  language: "de",
  version: "1.2",
  external_links: {
    Creative_Commons_FAQ: "https://creativecommons.org/faq/",
    Lizenz_CC_BY_SA: "https://creativecommons.org/licenses/by-sa/4.0/deed.de",
  },
  creator: creators.academy,
  source: source("Weiterbildung", "@ipangel.academy"),
  license: L.ccbysa,
  searchable_text: lic.text,
  created_at: "2026-06-02T08:30:00Z",
});
item("api-quickstart", {
  title: "Media Library API – Quick start",
  description:
    "A one-page Markdown guide for developers: search the catalogue, request a short-lived download link, stream the file and copy the attribution text. Code samples in curl and JavaScript.",
  file_type: "document",
  file: "media-library-api-quickstart.md",
  categories: ["Tutorials"],
  language: "en",
  version: "1.0.0",
  external_links: { API_Endpoint: API_ENDPOINT, OpenAPI_Specification: "https://spec.openapis.org/oas/latest.html" },
  creator: creators.eng,
  source: source("Developer documentation", "@ipangel.dev"),
  license: L.mit,
  searchable_text: apiQuickstartMd.replace(/[`#>*]/g, " "),
  created_at: "2026-04-22T13:10:00Z",
});
item("guion-tutorial", {
  title: "Guion: cómo buscar y descargar en la biblioteca",
  description:
    "Guion completo con marcas de tiempo para un vídeo tutorial de 90 segundos sobre la biblioteca de medios: búsqueda, filtros, detalles, vista previa, descarga y atribución. Texto plano, listo para locución.",
  file_type: "document",
  file: "guion-tutorial-biblioteca.txt",
  categories: ["Tutorials"],
  language: "es",
  ai_generated: true,
  version: "1.1",
  external_links: { Biblioteca_de_medios: `${SITE}/media` },
  creator: creators.academy,
  source: source("Formación", "@ipangel.academy"),
  license: L.ccby,
  searchable_text: guionTxt,
  created_at: "2026-03-18T16:40:00Z",
});
item("media-api-service", {
  title: "Media Library API",
  description:
    "Read access to the open media catalogue for your own apps: full-text search in English, German and Spanish, license and creator data with SPDX ids, and signed download links for account holders. JSON over HTTPS.",
  file_type: "services",
  service_kind: "API",
  endpoint: API_ENDPOINT,
  categories: ["Tutorials"],
  language: "en",
  version: "1.0",
  external_links: {
    API_Quick_Start: `${SITE}/media?q=api+quick+start`,
    Status_Page: "https://status.example.com",
    OpenAPI_Specification: "https://spec.openapis.org/oas/latest.html",
  },
  creator: creators.eng,
  source: source("Developer platform", "@ipangel.dev"),
  license: L.apache,
  attribution: { text: "Data from the IP Angel Media Library API; each item carries its own license and attribution.", url: API_ENDPOINT },
  searchable_text: "REST JSON API developer integration search download endpoint",
  created_at: "2026-04-20T10:00:00Z",
});

// --- Sound
item("klangflaeche", {
  title: "Klangfläche „Nachtschicht“",
  description:
    "Sechs Sekunden ruhige, warme Klangfläche in a-Moll mit langsamem Ein- und Ausblenden – als Hintergrund für Erklärvideos, Podcasts oder Warteschleifen. Lässt sich nahtlos hintereinander legen. OGG Vorbis.",
  file_type: "audio",
  file: "klangflaeche-nachtschicht.ogg",
  categories: ["Sound"],
  language: "de",
  version: "1.0",
  external_links: { Ogg_Vorbis: "https://xiph.org/vorbis/" },
  creator: creators.sound,
  source: source("Musik und Atmosphären", "@ipangel.sound"),
  license: L.cc0,
  searchable_text: "Musik Hintergrundmusik Ambient Pad Atmosphäre Akkord ruhig Loop",
  created_at: "2026-02-11T19:05:00Z",
});
item("notificaciones", {
  title: "Sonidos de notificación",
  description:
    "Tres avisos cortos para interfaces y vídeos: un «ding-dong» de dos tonos, un «pop» ascendente y un acorde de éxito. Limpios, discretos y sin recortes. MP3, 2,6 segundos en total.",
  file_type: "audio",
  file: "sonidos-de-notificacion.mp3",
  categories: ["Sound"],
  language: "es",
  version: "1.0",
  external_links: { Página_del_proyecto: `${SITE}/media` },
  creator: creators.sound,
  source: source("Diseño de interfaz", "@ipangel.sound"),
  license: L.ccbysa,
  searchable_text: "aviso alerta campana efecto de sonido interfaz UI notificación éxito",
  created_at: "2025-12-03T12:00:00Z",
});

// --- Templates
item("social-card", {
  title: "Social media card template (1200 × 630)",
  description:
    "An Open Graph card in the brand style with a placeholder headline, pill label and room for a one-line subtitle. Fits link previews on LinkedIn, Mastodon and messengers; replace the copy in any image editor.",
  file_type: "image",
  file: "social-card-template-1200x630.png",
  categories: ["Templates", "Brand"],
  language: "en",
  version: "1.3",
  external_links: { Open_Graph_Protocol: "https://ogp.me/" },
  creator: creators.design,
  source: source("Social media", "@ipangel.design"),
  license: L.cc0,
  searchable_text: "open graph og image link preview social media banner template",
  created_at: "2026-01-27T10:30:00Z",
});
item("content-calendar", {
  title: "Content calendar template",
  description:
    "A ready-to-use editorial plan for twelve weeks: publish date, channel, format, topic, owner and status, plus a legend sheet explaining each status. Filled with sample topics you can overwrite. Excel workbook (.xlsx).",
  file_type: "sheet",
  file: "content-calendar-template.xlsx",
  sheet_type: "xlsx",
  categories: ["Templates"],
  language: "en",
  version: "2026.1",
  external_links: { Office_Open_XML_Standard: "https://ecma-international.org/publications-and-standards/standards/ecma-376/" },
  creator: creators.academy,
  source: source("Content marketing", "@ipangel.academy"),
  license: L.cc0,
  searchable_text: `editorial calendar content plan social media planning spreadsheet ${cal.text}`,
  created_at: "2025-11-10T09:20:00Z",
});
item("presupuesto-video", {
  title: "Plantilla de presupuesto para producción de vídeo",
  description:
    "Calcule el coste de un vídeo corporativo por fases –preproducción, rodaje y postproducción– con fórmulas que suman totales y una reserva del 10 % para imprevistos. Libro de Excel con hoja de notas.",
  file_type: "sheet",
  file: "plantilla-presupuesto-video.xlsx",
  sheet_type: "xlsx",
  categories: ["Templates"],
  language: "es",
  version: "1.0",
  external_links: { Página_del_proyecto: `${SITE}/media` },
  creator: creators.academy,
  source: source("Producción audiovisual", "@ipangel.academy"),
  license: L.ccby,
  searchable_text: `presupuesto costes vídeo producción rodaje ${pres.text}`,
  created_at: "2025-10-06T14:00:00Z",
});
item("pressemitteilung", {
  title: "Pressemitteilung – Vorlage",
  description:
    "Eine klar gegliederte Vorlage für Pressemitteilungen: Überschrift, Lead mit Ort und Datum, Kernpunkte, Hintergrund, Zitat, Verfügbarkeit, Unternehmensprofil und Pressekontakt. Word-Dokument (.docx) mit Platzhaltern in eckigen Klammern.",
  file_type: "document",
  file: "pressemitteilung-vorlage.docx",
  categories: ["Templates"],
  language: "de",
  ai_generated: true,
  version: "1.0",
  external_links: { Presseportal: "https://www.presseportal.de/", Lizenz_CC0: "https://creativecommons.org/publicdomain/zero/1.0/deed.de" },
  creator: creators.academy,
  source: source("Öffentlichkeitsarbeit", "@ipangel.academy"),
  license: L.cc0,
  searchable_text: pressemitteilungBlocks
    .map((b) => Object.values(b)[0])
    .join(" ")
    .replace(/\*\*/g, ""),
  created_at: "2025-09-15T08:00:00Z",
});
item("countdown", {
  title: "Cuenta atrás de 5 segundos",
  description:
    "Una cuenta atrás animada de cinco a uno con un anillo de progreso en los colores de la marca, para el inicio de directos, webinarios y presentaciones. Vídeo WebM (VP9), 480 × 270, sin sonido.",
  file_type: "video",
  file: "cuenta-atras-5-segundos.webm",
  categories: ["Templates"],
  language: "es",
  version: "1.0",
  external_links: { Formato_WebM: "https://www.webmproject.org/" },
  creator: creators.motion,
  source: source("Gráficos animados", "@ipangel.motion"),
  license: L.cc0,
  searchable_text: "temporizador directo transmisión webinario animación cuenta regresiva",
  created_at: "2025-08-21T17:30:00Z",
});

// --- Illustration (German, for the stemming demo: "Häuser" / "Haus")
item("haeuser-illustration", {
  title: "Häuser am Main in der Abenddämmerung",
  description:
    "Illustration einer Häuserzeile mit Fachwerk- und Treppengiebeln am Flussufer, dahinter die Hochhäuser der Skyline und ein Mond über dem violetten Abendhimmel; die Häuser spiegeln sich im Wasser. WebP, 1600 × 900.",
  file_type: "image",
  file: "haeuser-am-main-abenddaemmerung.webp",
  categories: ["Brand"],
  language: "de",
  version: "1.0",
  external_links: {
    Frankfurter_Altstadt: "https://de.wikipedia.org/wiki/Frankfurter_Altstadt",
    Leitfaden_Lizenzen: `${SITE}/media?q=Lizenzen`,
  },
  creator: creators.design,
  source: source("Illustration", "@ipangel.design"),
  license: L.ccbysa,
  searchable_text: "Stadt Altstadt Fluss Skyline Frankfurt Nacht Abend Fachwerk Giebel Illustration",
  created_at: "2026-10-02T18:00:00Z",
});
item("haeuser-kamerafahrt", {
  title: "Kamerafahrt über die Häuser am Main",
  description:
    "Sechs Sekunden langsame Kamerafahrt mit leichtem Zoom über unsere Illustration der Häuserzeile am Fluss – mit der Klangfläche „Nachtschicht“ als Ton. Ein ruhiger Hintergrund für Titel, Abspann oder Wartebildschirme. MP4 (H.264/AAC), 480 × 270.",
  file_type: "video",
  file: "kamerafahrt-haeuser-am-main.mp4",
  categories: ["Templates"],
  language: "de",
  version: "1.0",
  external_links: { Originalillustration: `${SITE}/media?q=H%C3%A4user` },
  creator: creators.motion,
  source: source("Bewegtbild", "@ipangel.motion"),
  license: L.ccbysa,
  attribution: {
    text: "„Kamerafahrt über die Häuser am Main“ von IP Angel Motion, nach „Häuser am Main in der Abenddämmerung“ von IP Angel Design Studio (CC BY-SA 4.0), mit „Klangfläche Nachtschicht“ von IP Angel Sound Lab (CC0 1.0); lizenziert unter CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/).",
    url: `${SITE}/media`,
  },
  searchable_text: "Video Animation Hintergrund Stadt Fluss Altstadt Schwenk Zoom",
  created_at: "2026-10-09T12:00:00Z",
});
item("patrones", {
  title: "Patrones geométricos (teselas Truchet)",
  description:
    "Un mosaico de 8 × 8 teselas con cuartos de círculo, triángulos y anillos en los colores de la marca. Sirve como fondo para diapositivas, cabeceras, tarjetas o embalajes, y también recortado en fragmentos. PNG, 800 × 800.",
  file_type: "image",
  file: "patrones-geometricos-truchet.png",
  categories: ["Templates"],
  language: "es",
  version: "1.0",
  external_links: { Teselas_de_Truchet: "https://es.wikipedia.org/wiki/Teselado_de_Truchet" },
  creator: creators.design,
  source: source("Patrones", "@ipangel.design"),
  license: L.ccby,
  searchable_text: "patrón fondo mosaico geometría textura diseño",
  created_at: "2026-02-25T11:15:00Z",
});

const manifest = {
  categories: ["Brand", "Sound", "Templates", "Tutorials"],
  category_names: CATEGORY_NAMES,
  items,
};
writeFileSync(join(SEED, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
console.log(`Wrote seed/manifest.json with ${items.length} items.`);
for (const it of items) if (it.file && !existsSync(join(SEED, it.file))) console.warn(`  missing: ${it.file}`);
