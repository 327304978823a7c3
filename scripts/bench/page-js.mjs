// `npm run bench:js`: the JavaScript each public page downloads (every script response up to
// hydration, as Chromium received it), in seconds instead of Lighthouse's minutes. Same routes
// and budget as bench-pages. PAGE_JS_VERBOSE=1 lists the scripts of each page; BENCH_ROUTES=/,/about
// and PAGE_JS_LANGUAGES=en,de,es choose what is measured (all routes, English by default).
import { chromium } from "playwright-core";
import { signUpForBench, startServer } from "./product-server.mjs";
import { ROUTES as ALL_ROUTES, TARGETS } from "./routes.mjs";

// Issue 14's pages rendered per request (120 KB instead of the content pages' budget) are measured as
// bench:dynamic does: /media with the demo library, /profile signed in (a throw-away account).
const APP_ROUTES = ["/media", "/auth", "/shop", "/profile"];
const ROUTES = process.env.BENCH_ROUTES ? process.env.BENCH_ROUTES.split(",") : ALL_ROUTES;
if (ROUTES.some((route) => APP_ROUTES.includes(route))) {
  process.env.SEED_DEMO ??= "1";
  process.env.REQUIRE_EMAIL_CONFIRMATION ??= "false";
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const verbose = process.env.PAGE_JS_VERBOSE === "1";
const languages = (process.env.PAGE_JS_LANGUAGES ?? "en").split(",");

const server = await startServer();
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
// /profile needs a session: a throw-away account.
async function signUp() {
  const [name, value] = (await signUpForBench(server.url)).split("=");
  return { name, value, url: server.url };
}

let ok = true;
try {
  const session = ROUTES.some((route) => route.startsWith("/profile")) ? await signUp() : undefined;
  // One unmeasured visit: the server compresses its assets in the background after start.
  const warmUp = await browser.newPage();
  await warmUp.goto(`${server.url}/`);
  await warmUp.locator("html[data-ready=true]").waitFor({ state: "attached", timeout: 30_000 });
  await warmUp.close();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  console.log("route        lang  scripts  transfer KB  (br/gzip as served, budget < " + TARGETS.jsKb + " KB)");
  for (const language of languages) {
    for (const route of ROUTES) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      if (route.startsWith("/profile")) await context.addCookies([session]);
      const page = await context.newPage();
      const scripts = [];
      page.on("requestfinished", async (request) => {
        if (request.resourceType() !== "script") return;
        const sizes = await request.sizes();
        scripts.push({ url: request.url(), bytes: sizes.responseBodySize + sizes.responseHeadersSize });
      });
      await page.goto(`${server.url}${route}?lang=${language}`);
      await page.locator("html[data-ready=true]").waitFor({ state: "attached", timeout: 30_000 });
      await page.waitForLoadState("networkidle");
      const kb = scripts.reduce((sum, script) => sum + script.bytes, 0) / 1024;
      const budget = APP_ROUTES.includes(route) ? 120 : TARGETS.jsKb;
      ok &&= kb < budget;
      console.log(
        `${route.padEnd(12)} ${language.padEnd(5)} ${String(scripts.length).padStart(7)}  ${kb.toFixed(1).padStart(11)}${kb < budget ? "" : " MISS"}`,
      );
      if (verbose) {
        for (const script of scripts.sort((a, b) => b.bytes - a.bytes)) {
          console.log(`${"".padEnd(20)}${(script.bytes / 1024).toFixed(1).padStart(7)}  ${new URL(script.url).pathname}`);
        }
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
process.exitCode = ok ? 0 : 1;
