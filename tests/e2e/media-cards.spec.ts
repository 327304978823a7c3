import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { gotoMedia } from "../helpers/hydration";
import { importMediaFixtures } from "../helpers/e2e-server";

/**
 * The media page's cards (ADR 0034, 0049, 0093): each card's title, text and picture in its markup and
 * in the page's hydration data, from which React hydrates it; the dialog's signed preview URL is checked.
 */
const TOKEN = "Markupfalke";

test.beforeAll(async () => {
  await importMediaFixtures(TOKEN);
});

const cards = (page: Page) => page.getByTestId("media-card");

/** React Router's data chunks in a script (the page's inline scripts, or the page data it loads). */
function dataChunksOf(script: string) {
  return [...script.matchAll(/window\.__reactRouterContext\.streamController\.enqueue\(([\s\S]*?)\);/g)].map((match) => match[1]).join("");
}

/**
 * The loader data React Router streams into the page. A page from the page cache holds none of it: its
 * held-back scripts load it from the page's address (ADR 0095).
 */
async function hydrationDataOf(request: APIRequestContext, html: string) {
  expect(dataChunksOf(html)).toBe("");
  const source = /<script src="([^"]+)" data-page-data="">/.exec(html)?.[1];
  expect(source).toBeDefined();
  const answer = await request.get(source!.replaceAll("&amp;", "&"));
  expect(answer.headers()["content-type"]).toMatch(/^text\/javascript/);
  // Its `lang` names the page's language, not a choice of the visitor's: no language cookie (server/app.ts).
  expect(answer.headers()["set-cookie"]).toBeUndefined();
  return dataChunksOf(await answer.text());
}

test.describe("the media page's cards", () => {
  test("a card's title, text and signed preview URL reach the hydrated page, and the URL is checked", async ({ page, request }) => {
    const html = await (await request.get(`/media?q=${TOKEN}`)).text();
    expect(html).toContain(`>${TOKEN} Logo pack</h2>`);
    const data = await hydrationDataOf(request, html);
    expect(data).toContain(`${TOKEN} Logo pack`);
    // The logo's preview for its dialog: a signed URL in the page's data.
    // (In a JSON string inside a script: "&" is written \u0026, with its backslash escaped once more.)
    const thumbnail = /(\/files\/media-files\/[^"]+?)\\*"/.exec(data)?.[1].replaceAll(/\\+u0026/g, "&");
    expect(thumbnail).toMatch(/[?&]sig=[\w-]{20,}/);
    const signature = new URL(thumbnail!, "http://x").searchParams.get("sig")!;

    // The server's URL loads; altered or without its signature, it is refused.
    expect((await request.get(thumbnail!)).status()).toBe(200);
    const altered = thumbnail!.replace(`sig=${signature}`, `sig=${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`);
    expect((await request.get(altered)).status()).toBe(403);
    expect((await request.get(thumbnail!.replace(/[?].*$/, ""))).status()).toBe(403);

    // In the browser: the cards, their dialog and the category filter.
    await gotoMedia(page, `/media?q=${TOKEN}`);
    await expect(cards(page)).toHaveCount(6);
    await page.getByRole("button", { name: `Details for ${TOKEN} Logo pack` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: `${TOKEN} Logo pack` })).toBeVisible();
    await expect(dialog).toContainText("Brand logo in high resolution for presentations and social media banners.");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    const categories = await page.getByLabel("Category").locator("option").allTextContents();
    expect(categories.length).toBeGreaterThan(1);
    // The "all" choice keeps the spec's words; the categories say how many items each leaves.
    expect(categories[0]).toBe("All Categories");
    expect(categories[1]).toMatch(/ \(\d+\)$/);
  });

  test("a card shows a picture with its size in AVIF and WebP, or its type's icon, never the file itself", async ({ page }) => {
    await gotoMedia(page, `/media?q=${TOKEN}`);
    await expect(cards(page)).toHaveCount(6);
    // No card plays or fetches a video or a sound: pictures only (the dialog plays them).
    await expect(cards(page).locator("video, audio")).toHaveCount(0);
    const logo = page.getByRole("article", { name: `${TOKEN} Logo pack` });
    const picture = logo.locator("picture img");
    await expect(picture).toHaveAttribute("width", "480");
    await expect(picture).toHaveAttribute("height", "270");
    await expect(picture).toHaveAttribute("src", /^\/page-images\/[0-9a-f-]{36}\?v=\w+$/);
    await expect(logo.locator('source[type="image/avif"]')).toHaveAttribute("srcset", /&w=480&f=avif 480w, .*&w=960&f=avif 960w/);
    await expect(logo.locator('source[type="image/webp"]')).toHaveAttribute("sizes", /calc\(100vw - 34px\)$/);
    // Chromium picks the AVIF, and it is drawn.
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/f=avif$/);
    // The PDF's first page is a picture too; the sheet has none and shows its icon.
    await expect(page.getByRole("article", { name: `${TOKEN} Häuser der Zukunft` }).locator("img")).toHaveCount(1);
    await expect(page.getByRole("article", { name: `${TOKEN} Price list` }).locator("img")).toHaveCount(0);
    // The first card's picture loads at once and first of all; the others when they are in view or near.
    const loading = await cards(page).evaluateAll((list) => list.map((card) => card.querySelector("img")?.getAttribute("loading")));
    expect(loading.slice(1).filter(Boolean)).not.toContain("eager");
    expect(await page.locator('img[fetchpriority="high"]').count()).toBeLessThanOrEqual(1);
  });

  test("a card names its licence, read out as the licence", async ({ page }) => {
    await page.goto(`/media?q=${TOKEN}&lang=en`);
    // By its SPDX id; a screen reader hears "License: …".
    const licenceOf = (title: string) => page.getByRole("article", { name: `${TOKEN} ${title}` }).getByTestId("media-license");
    await expect(licenceOf("Logo pack")).toHaveText("License: CC-BY-4.0");
    await expect(licenceOf("Logo pack").locator(".sr-only")).toHaveText("License: ");
    await expect(licenceOf("Meditation tone")).toHaveText("License: CC0-1.0");
    await expect(licenceOf("Häuser der Zukunft")).toHaveText("License: MIT");
  });

  test("without JavaScript the page is the same: cards, search and filters", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto(`/media?q=${TOKEN}`);
    await expect(cards(page)).toHaveCount(6);
    await expect(page.getByRole("article", { name: `${TOKEN} Logo pack` })).toContainText("Brand logo in high resolution");
    await page.getByLabel("Search media").fill(`${TOKEN} Logo pack`);
    await page.getByLabel("Type").selectOption("image");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/type=image/);
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByRole("heading", { name: `${TOKEN} Logo pack`, exact: true })).toBeVisible();
    await context.close();
  });
});
