import { expect, test, type Page } from "@playwright/test";
import { importMediaFixtures } from "../helpers/e2e-server";

/**
 * The media page says each thing once (ADR 0036): a card's title, text and signed preview URL are in
 * its markup, and the page's hydration data carry only what the markup does not show; the browser
 * reads the rest back from the cards before it hydrates them.
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

test.describe("the media page's bytes", () => {
  test("titles, texts and signed preview URLs are sent once, and the hydrated page still knows them", async ({ page, request }) => {
    const html = await (await request.get(`/media?q=${TOKEN}`)).text();
    const data = hydrationDataOf(html);
    expect(data).not.toBe("");
    expect(html).toContain(`>${TOKEN} Logo pack</h2>`);
    expect(data).not.toContain(`${TOKEN} Logo pack`);
    expect(data).not.toContain("Brand logo in high resolution");
    // The logo's thumbnail: a signed URL, once in the whole page.
    const thumbnail = /<img src="(\/files\/media-files\/[^"]+)"/.exec(html)?.[1].replaceAll("&amp;", "&");
    expect(thumbnail).toMatch(/[?&]sig=[\w-]{20,}/);
    const signature = new URL(thumbnail!, "http://x").searchParams.get("sig")!;
    expect(html.split(signature)).toHaveLength(2);

    // The URL read back from the markup is the server's: it loads; altered, it is refused.
    expect((await request.get(thumbnail!)).status()).toBe(200);
    const altered = thumbnail!.replace(`sig=${signature}`, `sig=${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`);
    expect((await request.get(altered)).status()).toBe(403);
    expect((await request.get(thumbnail!.replace(/[?].*$/, ""))).status()).toBe(403);

    // In the browser: the cards, their dialog and the category filter work from what was read back.
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
    expect(categories[0]).toBe("All Categories");
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

  test("a page whose markup lost a card loads its data anew and shows every card", async ({ page }) => {
    // Something between the server and the browser took the first card out of the HTML.
    await page.route(
      (url) => url.pathname === "/media",
      async (route) => {
        if (route.request().resourceType() !== "document") return route.continue();
        const response = await route.fetch();
        const headers = { ...response.headers() };
        delete headers["content-encoding"];
        delete headers["content-length"];
        const body = (await response.text()).replace(/<article[\s\S]*?<\/article>/, "");
        await route.fulfill({ status: response.status(), headers, body });
      },
    );
    await page.goto(`/media?q=${TOKEN}`);
    await expect(cards(page)).toHaveCount(6);
    await expect(page.getByRole("heading", { name: `${TOKEN} Logo pack`, exact: true })).toBeVisible();
  });
});
