#!/usr/bin/env node
// Validates a media manifest (default: seed/manifest.json) against the CONTRACT's format and our
// own rules for the demo library. Exits non-zero on any problem.
// Run: node scripts/demo-library/check.mjs [path/to/manifest.json]
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const manifestPath = resolve(process.argv[2] ?? join(ROOT, "seed/manifest.json"));
const base = dirname(manifestPath);
const MAX_TOTAL = 4 * 1024 * 1024;

const TYPES = new Set(["image", "video", "audio", "pdf", "sheet", "document", "services"]);
const LANGS = new Set(["en", "de", "es"]);
const EXT = {
  image: ["png", "jpg", "jpeg", "webp", "gif"],
  video: ["mp4", "webm", "mov"],
  audio: ["wav", "mp3", "ogg", "oga", "m4a", "flac"],
  pdf: ["pdf"],
  sheet: ["xlsx", "xls", "ods", "csv"],
  document: ["md", "txt", "docx", "odt", "rtf"],
};
// SPDX ids we use or expect; anything else must at least look like an SPDX id.
const KNOWN_SPDX = new Set([
  "CC-BY-4.0",
  "CC-BY-SA-4.0",
  "CC0-1.0",
  "MIT",
  "Apache-2.0",
  "CC-BY-NC-4.0",
  "BSD-3-Clause",
  "ODbL-1.0",
  "OFL-1.1",
]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const SPDX_LIKE = /^(LicenseRef-[A-Za-z0-9.-]+|[A-Za-z0-9][A-Za-z0-9.+-]*)$/;

const errors = [];
const warnings = [];
const err = (i, msg) => errors.push(`item ${i}: ${msg}`);
const isUrl = (u) => {
  try {
    const p = new URL(u);
    return p.protocol === "https:" || p.protocol === "http:";
  } catch {
    return false;
  }
};
const nonEmpty = (v) => typeof v === "string" && v.trim().length > 0;

const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
const allowedTop = new Set(["categories", "category_names", "items"]);
for (const k of Object.keys(manifest)) if (!allowedTop.has(k)) errors.push(`unknown top-level key "${k}"`);
if (!Array.isArray(manifest.categories) || !manifest.categories.every(nonEmpty)) errors.push("categories must be an array of names");
if (!Array.isArray(manifest.items)) errors.push("items must be an array");
const categories = new Set(manifest.categories ?? []);
if (categories.size !== (manifest.categories ?? []).length) errors.push("duplicate category names");

const ids = new Set();
const titles = new Set();
const times = new Set();
const typeCount = {};
const usedCategories = new Set();
const langs = new Set();
let total = 0;
let aiCount = 0;

(manifest.items ?? []).forEach((it, i) => {
  if (!nonEmpty(it.title)) err(i, "missing title");
  const label = `${i} (${it.title})`;
  if (titles.has(it.title)) err(label, "duplicate title");
  titles.add(it.title);
  if (!nonEmpty(it.description) || it.description.length < 60) err(label, "description missing or too short");
  if (!UUID.test(it.id ?? "")) err(label, `id is not a UUID: ${it.id}`);
  else if (ids.has(it.id)) err(label, `duplicate id ${it.id}`);
  ids.add(it.id);
  if (!TYPES.has(it.file_type)) err(label, `unknown file_type ${it.file_type}`);
  typeCount[it.file_type] = (typeCount[it.file_type] ?? 0) + 1;

  if (it.file_type === "services") {
    if (it.file) err(label, "services item should have no file in the demo");
    if (!nonEmpty(it.service_kind)) err(label, "services item needs service_kind");
    if (!isUrl(it.endpoint)) err(label, "services item needs an endpoint URL");
  } else {
    if (!nonEmpty(it.file)) err(label, "missing file");
    else {
      if (isAbsolute(it.file) || normalize(it.file).startsWith("..") || it.file.includes("\\"))
        err(label, `file path must be relative inside the manifest folder: ${it.file}`);
      const p = join(base, it.file);
      if (!existsSync(p)) err(label, `file not found: ${it.file}`);
      else {
        const size = statSync(p).size;
        if (size === 0) err(label, `empty file: ${it.file}`);
        total += size;
      }
      const ext = it.file.split(".").pop().toLowerCase();
      if (EXT[it.file_type] && !EXT[it.file_type].includes(ext)) err(label, `extension .${ext} does not fit file_type ${it.file_type}`);
      if (it.file_type === "sheet" && it.sheet_type !== ext) err(label, `sheet_type should be "${ext}", is ${it.sheet_type}`);
    }
    if (it.service_kind || it.endpoint) err(label, "service_kind/endpoint only belong to services items");
  }
  // The demo's videos and sounds show a picture on their cards (ADR 0093; made by posters.ts).
  if (it.file_type === "video" || it.file_type === "audio") {
    if (!nonEmpty(it.poster)) err(label, "missing poster (npx tsx scripts/demo-library/posters.ts)");
    else if (!existsSync(join(base, it.poster))) err(label, `poster not found: ${it.poster}`);
    else total += statSync(join(base, it.poster)).size;
  } else if (it.poster) err(label, "only video and audio items have a poster");

  if (!Array.isArray(it.categories)) err(label, "categories must be an array");
  else
    for (const c of it.categories) {
      if (!categories.has(c)) err(label, `unknown category "${c}"`);
      usedCategories.add(c);
    }
  if (!LANGS.has(it.language)) err(label, `language must be en, de or es: ${it.language}`);
  langs.add(it.language);
  if (typeof it.ai_generated !== "boolean") err(label, "ai_generated must be boolean");
  if (it.ai_generated) aiCount++;
  if (!nonEmpty(it.version)) err(label, "missing version");

  const lic = it.license ?? {};
  if (!nonEmpty(lic.name)) err(label, "license.name missing");
  if (!SPDX_LIKE.test(lic.spdx_id ?? "")) err(label, `license.spdx_id does not look like SPDX: ${lic.spdx_id}`);
  else if (!KNOWN_SPDX.has(lic.spdx_id)) warnings.push(`item ${label}: uncommon SPDX id ${lic.spdx_id}`);
  if (!isUrl(lic.url)) err(label, "license.url must be a URL");
  if (!nonEmpty(lic.notice)) err(label, "license.notice missing");

  const cr = it.creator ?? {};
  if (!nonEmpty(cr.name) || !isUrl(cr.url) || !nonEmpty(cr.handles?.primary)) err(label, "creator needs name, url and handles.primary");
  const src = it.source ?? {};
  if (!nonEmpty(src.origin) || !nonEmpty(src.niche) || !isUrl(src.account_url) || !nonEmpty(src.account_handle))
    err(label, "source needs origin, niche, account_url, account_handle");
  if (!nonEmpty(it.attribution?.text) || !isUrl(it.attribution?.url)) err(label, "attribution needs text and url");

  const links = it.external_links ?? {};
  if (typeof links !== "object" || Array.isArray(links) || Object.keys(links).length === 0)
    err(label, "external_links must be a non-empty map");
  for (const [k, v] of Object.entries(links)) {
    if (/\s/.test(k)) err(label, `external link label "${k}" must use underscores, not spaces`);
    if (!isUrl(v)) err(label, `external link ${k} is not a URL`);
  }
  if (it.searchable_text !== undefined && typeof it.searchable_text !== "string") err(label, "searchable_text must be a string");
  if (Number.isNaN(Date.parse(it.created_at ?? ""))) err(label, "created_at must be an ISO-8601 time");
  else if (times.has(it.created_at)) err(label, `created_at not distinct: ${it.created_at}`);
  times.add(it.created_at);
});

// Library-level rules for the demo.
const n = manifest.items?.length ?? 0;
if (n < 16) errors.push(`only ${n} items; need at least 16`);
for (const t of TYPES) if (!typeCount[t]) errors.push(`no item of type ${t}`);
for (const c of categories) if (!usedCategories.has(c)) errors.push(`category "${c}" has no items`);
for (const l of LANGS) if (!langs.has(l)) errors.push(`no item in language ${l}`);
if (aiCount < 1) errors.push("no ai_generated item");
if (total > MAX_TOTAL) errors.push(`files total ${(total / 1048576).toFixed(2)} MB > 4 MB`);
const blob = JSON.stringify(manifest);
if (!/Häuser/.test(blob) || !/\bHaus\b/.test(blob)) errors.push('German stemming demo needs both "Häuser" and "Haus"');

console.log(`${manifestPath}`);
console.log(`  ${n} items, ${categories.size} categories (${[...categories].join(", ")}), languages ${[...langs].join(", ")}`);
console.log(
  `  types: ${Object.entries(typeCount)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ")}; ai_generated: ${aiCount}`,
);
console.log(`  files total: ${(total / 1048576).toFixed(2)} MB (${total} bytes)`);
for (const w of warnings) console.log(`  warning: ${w}`);
if (errors.length) {
  for (const e of errors) console.error(`  ERROR ${e}`);
  process.exit(1);
}
console.log("  OK");
