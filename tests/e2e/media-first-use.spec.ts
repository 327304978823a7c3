import { expect, test, type Page } from "@playwright/test";
import { createAccount, signInPage } from "../helpers/console";
import { importMediaFixtures } from "../helpers/e2e-server";
import { gotoHydrated, hydrateOnInteraction } from "../helpers/hydration";

/**
 * The media page runs React at the visitor's first sign of use (ADR 0094). Until it runs, nothing the
 * visitor does is lost: a pressed button is pressed again, a filter applies as the GET form it is, and
 * typed text is searched. React's scripts are held at the network here until the test lets them through,
 * so each step happens before React is there, as on a slow phone.
 */
const TOKEN = "Erstgebrauch";

test.beforeAll(async () => {
  await importMediaFixtures(TOKEN);
});

/** Holds every script file until `release()` is called; counts the scripts asked for. */
async function holdScripts(page: Page) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    asked.push(route.request().url());
    await gate;
    await route.continue();
  });
  return { release, asked };
}

const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

test.describe("the media page before React runs", () => {
  test("sends no script up front; a card's button pressed before React opens the dialog once React is there", async ({ page, request }) => {
    // React's scripts and their data wait in a <template>; <head> preloads none of them.
    const html = await (await request.get(`/media?q=${TOKEN}&lang=en`)).text();
    const [outside, held] = html.split('<template data-deferred-hydration="interaction">');
    expect(outside).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(held).toMatch(/<script type="module"/);

    const scripts = await holdScripts(page);
    // (Not "load": a browser may start React at once when its pointer already rests over the page, and a
    // script on its way holds the load event.)
    await page.goto(`/media?q=${TOKEN}&lang=en`, { waitUntil: "domcontentloaded" });
    await expect(page.getByTestId("media-card")).toHaveCount(6);

    const details = page.getByRole("button", { name: `Details for ${TOKEN} Logo pack` });
    await details.click();
    // React is on its way: the press is held, and shown as busy.
    await expect.poll(() => scripts.asked.length).toBeGreaterThan(0);
    await expect(details).toHaveAttribute("aria-busy", "true");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // The page's data is not in it: it comes with React's scripts, from the page's address (ADR 0095).
    expect(html).not.toContain("streamController.enqueue");
    expect(held).toContain(`<script src="/media?q=${TOKEN}&amp;lang=en&amp;page-data=1" data-page-data="">`);

    scripts.release();
    await hydrated(page);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: `${TOKEN} Logo pack` })).toBeVisible();
    await expect(page).toHaveURL(/[?&]item=[0-9a-f-]{36}/);
    await expect(page.locator("button[aria-busy]")).toHaveCount(0);
  });

  test("Download pressed in an item's dialog that came open in the HTML is pressed once React is there", async ({ page }) => {
    // A member opens an item's link and presses Download at once: the press is held, and made once React
    // runs (the dialog hydrates in place, its button is still the one pressed).
    await signInPage(page, await createAccount("firstuse"));
    await gotoHydrated(page, `/media?q=${TOKEN}`);
    await page.getByRole("button", { name: `Details for ${TOKEN} Logo pack` }).click();
    await expect(page).toHaveURL(/[?&]item=[0-9a-f-]{36}/);
    const itemId = new URL(page.url()).searchParams.get("item");

    const scripts = await holdScripts(page);
    await page.goto(`/media?q=${TOKEN}&item=${itemId}`, { waitUntil: "domcontentloaded" });
    const download = page.getByRole("dialog").getByRole("button", { name: "Download", exact: true });
    const downloaded = page.waitForEvent("download");
    await download.click();
    await expect(download).toHaveAttribute("aria-busy", "true");
    scripts.release();
    await hydrated(page);
    expect((await downloaded).suggestedFilename()).toBe(`${TOKEN} Logo pack.png`);
  });

  test("an item's dialog open in the HTML stays on screen while React takes it over", async ({ page }) => {
    // A shared link to an item: the dialog is in the HTML. React hydrates it in place; it is not taken
    // away and drawn again (the visitor would see it vanish, and a press on it could be lost).
    await gotoHydrated(page, `/media?q=${TOKEN}&lang=en`);
    await page.getByRole("button", { name: `Details for ${TOKEN} Logo pack` }).click();
    await expect(page).toHaveURL(/[?&]item=[0-9a-f-]{36}/);
    const address = page.url();

    const scripts = await holdScripts(page);
    await page.goto(address, { waitUntil: "domcontentloaded" });
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: `${TOKEN} Logo pack` })).toBeVisible();
    await page.evaluate(() => {
      const shown = document.querySelector('[role="dialog"]')!;
      const seen = window as { dialogLeft?: boolean };
      seen.dialogLeft = false;
      new MutationObserver(() => {
        if (!shown.isConnected) seen.dialogLeft = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    scripts.release();
    await hydrateOnInteraction(page);
    await expect(page.locator("main [data-hydrated=true]")).toHaveCount(1);
    await expect(dialog.getByRole("heading", { name: `${TOKEN} Logo pack` })).toBeVisible();
    expect(await page.evaluate(() => (window as { dialogLeft?: boolean }).dialogLeft)).toBe(false);
    // Hydrated: Radix runs it (Escape closes it, the address follows).
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(/[?&]item=/);
  });

  test("a header menu opened before React runs stays open once React is there (the shell answered it)", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto(`/media?q=${TOKEN}&lang=en`, { waitUntil: "domcontentloaded" });
    const platforms = page.getByRole("navigation", { name: "Main navigation" }).getByRole("button", { name: "Platforms" });
    await platforms.click();
    await expect(platforms).toHaveAttribute("aria-expanded", "true");
    await expect(platforms).not.toHaveAttribute("aria-busy");
    scripts.release();
    await hydrated(page);
    await expect(platforms).toHaveAttribute("aria-expanded", "true");
  });

  test("a filter chosen before React runs applies as the plain form it is", async ({ page }) => {
    await holdScripts(page);
    await page.goto(`/media?q=${TOKEN}&lang=en`, { waitUntil: "domcontentloaded" });
    await page.getByLabel("Type").selectOption("image");
    await expect(page).toHaveURL(/[?&]type=image/);
    await expect(page.getByRole("heading", { name: `${TOKEN} Logo pack`, exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: `${TOKEN} Price list`, exact: true })).toHaveCount(0);
  });

  test("text typed before React runs stays in the field and is searched once React is there", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto(`/media?lang=en`, { waitUntil: "domcontentloaded" });
    const search = page.getByLabel("Search media");
    await search.fill(`${TOKEN} Price list`);
    scripts.release();
    await hydrated(page);
    await expect(search).toHaveValue(`${TOKEN} Price list`);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${TOKEN}\\+Price\\+list`));
    await expect(page.getByRole("heading", { name: `${TOKEN} Price list`, exact: true })).toBeVisible();
  });

  test("when the page's data cannot come, a held press is let go and the page works as without JavaScript", async ({ page }) => {
    const scripts = await holdScripts(page);
    let failData = () => {};
    const dataFails = new Promise<void>((resolve) => (failData = resolve));
    await page.route(/[?&]page-data=1/, async (route) => {
      await dataFails;
      await route.abort("connectionfailed");
    });
    await page.goto(`/media?q=${TOKEN}&lang=en`, { waitUntil: "domcontentloaded" });
    const details = page.getByRole("button", { name: `Details for ${TOKEN} Logo pack` });
    await details.click();
    await expect(details).toHaveAttribute("aria-busy", "true");
    // The data request fails: the button is no longer shown busy, and React never runs.
    failData();
    await expect(details).not.toHaveAttribute("aria-busy");
    scripts.release();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    // The filters still apply, as the GET form they are.
    await page.getByLabel("Type").selectOption("image");
    await expect(page).toHaveURL(/[?&]type=image/);
    await expect(page.getByRole("heading", { name: `${TOKEN} Price list`, exact: true })).toHaveCount(0);
  });
});
