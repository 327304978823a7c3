import { expect, test, type Page, type Route } from "@playwright/test";
import { createAccount, signInPage } from "../helpers/console";
import { waitForHydration } from "../helpers/hydration";

/**
 * The top bar: the full navigation from the width where it fits in each language (app.css,
 * `bar:` variant), and menus that work before the page's JavaScript has loaded.
 */
const FULL_BAR_FROM = { en: 1024, de: 1056, es: 1088 } as const;
const MAIN_NAV = { en: "Main navigation", de: "Hauptnavigation", es: "Navegación principal" } as const;

async function expectBarFits(page: Page) {
  const row = page.locator("header > div").first();
  const overflow = await row.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // Nothing wraps: every link and button of the bar stays on one line.
  const heights = await row.evaluate((element) =>
    [...element.querySelectorAll("nav a, nav button, a, button")]
      .filter((item) => (item as HTMLElement).offsetParent !== null)
      .map((item) => Math.round(item.getBoundingClientRect().height)),
  );
  expect(Math.max(...heights)).toBeLessThanOrEqual(40);
}

/** Holds back the page's JavaScript until `release()`: the page is server-rendered but not hydrated. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.*\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    for (const route of held.splice(0)) await route.continue();
  };
}

test.describe("full top bar where it fits", () => {
  test("signed in, each language shows the whole bar on one line from its width, the menu button below it", async ({ page }) => {
    await signInPage(page, await createAccount("bar-tester"));
    for (const [language, width] of Object.entries(FULL_BAR_FROM) as [keyof typeof FULL_BAR_FROM, number][]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/?lang=${language}`);
      const nav = page.getByRole("navigation", { name: MAIN_NAV[language] });
      await expect(nav).toBeVisible();
      await expect(page.getByTestId("mobile-menu")).toBeHidden();
      await expectBarFits(page);

      await page.setViewportSize({ width: width - 1, height: 800 });
      await expect(nav).toBeHidden();
      await expect(page.getByTestId("mobile-menu")).toBeVisible();
    }
    // Tablets in portrait keep the menu button in every language.
    await page.setViewportSize({ width: 768, height: 1024 });
    for (const language of ["en", "de", "es"] as const) {
      await page.goto(`/?lang=${language}`);
      await expect(page.getByRole("navigation", { name: MAIN_NAV[language] })).toBeHidden();
      await expect(page.getByTestId("mobile-menu")).toBeVisible();
    }
  });

  test("signed out, the bar fits from 1024 px in English", async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto("/?lang=en");
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
    await expectBarFits(page);
  });
});

// On an app page, before and after React hydrates it (the shell script runs the menus all along, ADR 0051).
test.describe("menus before hydration", () => {
  test("the Platforms menu opens on a click made before the JavaScript loads and stays open after", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const release = await holdScripts(page);
    await page.goto("/shop?lang=en", { waitUntil: "domcontentloaded" });
    await expect(page.locator("html")).not.toHaveAttribute("data-ready", "true");
    const platforms = page.getByRole("navigation", { name: "Main navigation" }).getByRole("button", { name: "Platforms" });
    await platforms.click();
    const menu = page.getByRole("menu", { name: "Platforms" });
    await expect(menu).toBeVisible();
    await expect(platforms).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("menuitem", { name: "Discover All" })).toHaveAttribute("href", "/platforms");

    await release();
    await waitForHydration(page);
    await expect(menu).toBeVisible();
    await expect(platforms).toHaveAttribute("aria-expanded", "true");
    // Still one handler (the shell script's): one click closes it (not two, no replayed click).
    await platforms.click();
    await expect(menu).toBeHidden();
    await platforms.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  });

  test("before hydration a click elsewhere or Escape closes it, and its links work", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const release = await holdScripts(page);
    await page.goto("/shop?lang=en", { waitUntil: "domcontentloaded" });
    const platforms = page.getByRole("navigation", { name: "Main navigation" }).getByRole("button", { name: "Platforms" });
    const menu = page.getByRole("menu", { name: "Platforms" });
    await platforms.click();
    await expect(menu).toBeVisible();
    await page.getByRole("main").click({ position: { x: 5, y: 5 } });
    await expect(menu).toBeHidden();
    await platforms.click();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(platforms).toBeFocused();
    // The language menu offers links, so choosing works without JavaScript.
    await page.getByTestId("language-switcher").click();
    await release();
    await page.getByRole("menuitem", { name: "Deutsch" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
  });

  test("the mobile menu opened before hydration does not close itself when hydration completes", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const release = await holdScripts(page);
    await page.goto("/shop?lang=en", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Toggle menu").click();
    const mobile = page.getByRole("navigation", { name: "Mobile navigation" });
    await expect(mobile).toBeVisible();
    await release();
    await waitForHydration(page);
    await expect(mobile).toBeVisible();
    // Navigating still closes it.
    await mobile.getByRole("link", { name: "Discover All" }).click();
    await expect(page).toHaveURL(/\/platforms$/);
    await expect(mobile).toBeHidden();
  });
});
