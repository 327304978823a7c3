import { expect, test } from "@playwright/test";
import { createConsoleAccount, pageField as field, publishEveryFieldEmpty, signInPage } from "../helpers/console";
import { importPicture } from "../helpers/e2e-server";
import { gotoHydrated } from "../helpers/hydration";

/**
 * Tests that change what every visitor sees for a while (the shop switched off). They run in their own
 * project after every other spec (playwright.config.ts), so no other test meets the changed site. One
 * at a time: the footer's test reads the shop that the switch's test closes for a while.
 */
test.describe.configure({ mode: "serial" });

test("an admin switches the shop off: /shop says it opens soon and Shop leaves the navigation; on again, it is back", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = await createConsoleAccount("console-shop-switch", "admin");
  await signInPage(page, email);
  await gotoHydrated(page, "/admin/settings?lang=en");
  const shopSwitch = page.getByRole("switch", { name: "The shop is open to visitors" });
  await expect(shopSwitch).toBeChecked();
  await shopSwitch.uncheck();
  await page.getByRole("button", { name: "Save shop setting" }).click();
  await expect(page.getByText("The shop is off: /shop says it opens soon.")).toBeVisible();

  // A visitor (no session: the page cache applies) at phone width, where the menu holds the navigation.
  const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
  try {
    await visitor.goto("/shop?lang=en");
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Our shop opens soon");
    await expect(visitor.getByTestId("shop-opens-soon").getByRole("textbox", { name: /email/i })).toBeVisible();
    await expect(visitor.getByText("Add to Cart")).toHaveCount(0);
    await visitor.getByTestId("mobile-menu").locator("summary").click();
    await expect(visitor.getByTestId("mobile-menu").getByRole("link", { name: "Market" })).toBeVisible();
    await expect(visitor.getByRole("banner").getByRole("link", { name: "Shop", exact: true })).toHaveCount(0);
    await expect(visitor.getByRole("banner").getByRole("link", { name: /cart/i })).toHaveCount(0);
    await visitor.goto("/shop/cart?lang=en");
    await expect(visitor).toHaveURL(/\/shop(\?|$)/);
  } finally {
    // Put the shared server back as it was: the shop on.
    await gotoHydrated(page, "/admin/settings?lang=en");
    await page.getByRole("switch", { name: "The shop is open to visitors" }).check();
    await page.getByRole("button", { name: "Save shop setting" }).click();
    await expect(page.getByText("The shop is on: it is in the navigation again.")).toBeVisible();
  }
  await visitor.goto("/shop?lang=en");
  await expect(visitor.getByRole("button", { name: /Add to Cart/ }).first()).toBeVisible();
  await visitor.getByTestId("mobile-menu").locator("summary").click();
  const menu = visitor.getByTestId("mobile-menu");
  await expect(menu.getByRole("link", { name: "Shop", exact: true })).toBeVisible();
  // Shop right after Market: the two read as related.
  const labels = await menu.getByRole("link").allInnerTexts();
  expect(labels[labels.findIndex((label) => label.trim() === "Market") + 1]?.trim()).toBe("Shop");
  await visitor.close();
});

test("an editor puts a library picture on the German home page; it loads first, and leaves the page when the picture goes back to draft", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Hero picture ${Date.now()}`;
  const itemId = await importPicture(title, 1600, 900, { r: 40, g: 90, b: 160 });

  const email = await createConsoleAccount("console-hero", "editor");
  await signInPage(page, email);
  await gotoHydrated(page, "/admin/pages/home?language=de&lang=en");
  await page.locator('[data-path="hero.image"]').getByRole("combobox").selectOption({ label: title });
  await page.locator('[data-path="hero.imageAlt"]').getByRole("textbox").fill("Blaue Fläche als Titelbild");
  await page.getByRole("button", { name: "Publish Deutsch" }).click();
  await expect(page.getByText("Published: the page now shows these texts in this language.")).toBeVisible();

  // A visitor (no session: the page cache applies): the picture comes first, as a rendition of the site, with its alt text.
  const visitor = await browser.newPage();
  try {
    await visitor.goto("/?lang=de");
    const hero = visitor.getByTestId("hero-image");
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    await expect(hero).toHaveAttribute("alt", "Blaue Fläche als Titelbild");
    await expect(hero).not.toHaveAttribute("loading", "lazy");
    const src = (await hero.getAttribute("src"))!;
    expect(src).toMatch(new RegExp(`^/page-images/${itemId}\\?v=`));
    const file = await visitor.request.get(src);
    expect(file.headers()["content-type"]).toBe("image/webp");
    // On a 1280 px screen: 960 px wide, as AVIF from the sizes drawn at import (ADR 0091).
    await expect.poll(() => hero.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await hero.evaluate((image: HTMLImageElement) => Math.round(image.getBoundingClientRect().width))).toBe(960);
    const chosen = await hero.evaluate((image: HTMLImageElement) => image.currentSrc);
    expect(chosen).toMatch(/&w=960&f=avif$/);
    expect((await visitor.request.get(chosen)).headers()["content-type"]).toBe("image/avif");
    // English is as it was.
    await visitor.goto("/?lang=en");
    await expect(visitor.getByTestId("hero-image")).toHaveCount(0);

    // The picture goes back to draft in the library: the cached German page drops it at once.
    const admin = await createConsoleAccount("console-hero-admin", "admin");
    const adminPage = await browser.newPage();
    await signInPage(adminPage, admin);
    await gotoHydrated(adminPage, `/admin/media/${itemId}?lang=en`);
    await adminPage.getByRole("button", { name: "Back to draft" }).click();
    await expect(adminPage.getByRole("button", { name: "Publish", exact: true })).toBeVisible();
    await adminPage.close();
    await visitor.goto("/?lang=de");
    await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(visitor.getByTestId("hero-image")).toHaveCount(0);
    expect((await visitor.request.get(src)).status()).toBe(404);
  } finally {
    await visitor.close();
  }
});

// The footer is on every page: its German text changes every German page for a moment.
test("the footer's tagline and the shop's trust copy are fields: German goes live on every page, English keeps the spec's words", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const TAGLINE = "Wissen und Werkzeuge für Menschen, die bauen.";
  const TRUST_TITLE = "Mit gutem Gefühl einkaufen";
  const email = await createConsoleAccount("console-pages-shared", "admin");
  await signInPage(page, email);
  // A visitor's cached German pages, before the publish.
  const visitor = await browser.newPage();
  await visitor.goto("/about?lang=de");
  await expect(visitor.getByRole("contentinfo")).not.toContainText(TAGLINE);

  await gotoHydrated(page, "/admin/pages/common?language=de&lang=en");
  await expect(page.locator("[data-path]")).toHaveCount(1);
  await field(page, "footer.tagline").fill(TAGLINE);
  await page.getByRole("button", { name: "Publish Deutsch" }).click();
  await expect(page.getByText("Published: the page now shows these texts in this language.")).toBeVisible();
  await expect(page.getByTestId("page-publication")).toHaveCount(0);

  await gotoHydrated(page, "/admin/pages/shop?language=de&lang=en");
  await field(page, "trust.title").fill(TRUST_TITLE);
  await page.getByRole("button", { name: "Publish Deutsch" }).click();
  await expect(page.getByText("Published: the page now shows these texts in this language.")).toBeVisible();

  // Every page's footer, the cached ones too; English unchanged.
  for (const path of ["/about?lang=de", "/media?lang=de", "/shop?lang=de"]) {
    await visitor.goto(path);
    await expect(visitor.getByRole("contentinfo"), path).toContainText(TAGLINE);
  }
  await expect(visitor.getByRole("heading", { level: 2, name: TRUST_TITLE })).toBeVisible();
  await expect(visitor.getByTestId("trust-copy")).toContainText("30 Tage Geld-zurück-Garantie");
  await visitor.goto("/shop?lang=en");
  await expect(visitor.getByRole("heading", { level: 2, name: "Shop with confidence" })).toBeVisible();
  await expect(visitor.getByRole("contentinfo")).toContainText(
    "Knowledge, systems and technology for startups, creators, companies and people who build. Privacy-first, made in Germany.",
  );
  await visitor.close();

  await publishEveryFieldEmpty(page, "/admin/pages/common?language=de&lang=en", "Publish Deutsch");
  await publishEveryFieldEmpty(page, "/admin/pages/shop?language=de&lang=en", "Publish Deutsch");
});
