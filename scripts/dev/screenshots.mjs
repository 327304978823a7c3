#!/usr/bin/env node
// Developer tool: screenshots of pages at phone and desktop width in every language.
// Usage: node scripts/dev/screenshots.mjs http://127.0.0.1:3000 out-dir /path1 /path2 ...
// SHOTS_NO_JS=1 takes them with JavaScript off (file names end in -nojs); SHOTS_COOKIE="a=1; b=2" sends
// those cookies (a member's session, `account_notice=confirmed` for the account notice).
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
const noJs = process.env.SHOTS_NO_JS === "1";
const cookies = (process.env.SHOTS_COOKIE ?? "")
  .split(";")
  .map((pair) => pair.trim())
  .filter(Boolean)
  .map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url: base }));
for (const width of [390, 1024, 1280]) {
  for (const language of ["en", "de", "es"]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1, javaScriptEnabled: !noJs });
    const page = await context.newPage();
    for (const pagePath of paths) {
      // Set again for every page: a notice cookie is cleared once shown.
      if (cookies.length > 0) await context.addCookies(cookies);
      const url = new URL(pagePath, base);
      url.searchParams.set("lang", language);
      await page.goto(url.toString(), { waitUntil: "networkidle" });
      const name = `${pagePath.replace(/[^a-z0-9]+/gi, "_") || "home"}-${language}-${width}${noJs ? "-nojs" : ""}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: true });
      console.log(path.join(outDir, name));
    }
    await context.close();
  }
}
await browser.close();
