import { expect, test, type Page } from "@playwright/test";
import { importMediaFixtures } from "../helpers/e2e-server";

/**
 * The media page's cards (ADR 0034, 0049): each card's title, text and signed preview URL in its
 * markup and in the page's hydration data, from which React hydrates it; the signed URL is checked.
 */
const TOKEN = "Markupfalke";

test.beforeAll(async () => {
  await importMediaFixtures(TOKEN);
});

async function gotoMedia(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator("[data-hydrated=true]")).toHaveCount(1);
}

const cards = (page: Page) => page.getByTestId("media-card");

/** The loader data React Router streams into the page (its inline scripts). */
function hydrationDataOf(html: string) {
  return [...html.matchAll(/<script>window\.__reactRouterContext\.streamController\.enqueue\(([\s\S]*?)\);<\/script>/g)]
    .map((match) => match[1])
    .join("");
}

test.describe("the media page's cards", () => {
  test("a card's title, text and signed preview URL reach the hydrated page, and the URL is checked", async ({ page, request }) => {
    const html = await (await request.get(`/media?q=${TOKEN}`)).text();
    expect(html).toContain(`>${TOKEN} Logo pack</h2>`);
    expect(hydrationDataOf(html)).toContain(`${TOKEN} Logo pack`);
    // The logo's thumbnail: a signed URL.
    const thumbnail = /<img src="(\/files\/media-files\/[^"]+)"/.exec(html)?.[1].replaceAll("&amp;", "&");
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
