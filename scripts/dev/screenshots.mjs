#!/usr/bin/env node
// Developer tool: screenshots of pages at phone and desktop width in every language.
// Usage: node scripts/dev/screenshots.mjs http://127.0.0.1:3000 out-dir /path1 /path2 ...
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const [base, outDir, ...paths] = process.argv.slice(2);
if (!base || !outDir || paths.length === 0) {
  console.error("usage: screenshots.mjs BASE_URL OUT_DIR PATH...");
  process.exit(2);
}
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
for (const width of [375, 1280]) {
  for (const language of ["en", "de", "es"]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    for (const pagePath of paths) {
      const url = new URL(pagePath, base);
      url.searchParams.set("lang", language);
      await page.goto(url.toString(), { waitUntil: "networkidle" });
      const name = `${pagePath.replace(/[^a-z0-9]+/gi, "_") || "home"}-${language}-${width}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: true });
      console.log(path.join(outDir, name));
    }
    await context.close();
  }
}
await browser.close();
