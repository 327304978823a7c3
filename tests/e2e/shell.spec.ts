import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../helpers/a11y";
import { gotoHydrated } from "../helpers/hydration";

test.describe("shell and home page", () => {
  test("home page has every section and the spec's links", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/IP Angel/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(main.getByRole("link", { name: "Discover our story" })).toHaveAttribute("href", "/about");
    await expect(main.getByRole("link", { name: "Explore consulting" })).toHaveAttribute("href", "/consulting");
    await expect(main.getByRole("link", { name: "Read about our vision" })).toHaveAttribute("href", "/about");
    await expect(main.getByRole("link", { name: /Open Source Media Library/ })).toHaveAttribute("href", "/media");
    await expect(main.getByRole("link", { name: /Our platforms/ })).toHaveAttribute("href", "/platforms");
    for (const pillar of ["Knowledge", "Systems", "Growth"]) {
      await expect(main.getByRole("heading", { name: pillar, exact: true })).toBeVisible();
    }
    await expect(main.getByRole("link", { name: "Work with us" })).toHaveAttribute("href", "/consulting");
    await expect(main.getByRole("heading", { name: "Your data stays yours" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Get in touch" })).toHaveAttribute("href", "/contact");
    await expect(main.getByRole("link", { name: "Visit the academy" })).toHaveAttribute("href", "/academy");
    // No claim numbers are configured, so none are shown (nothing invented).
    await expect(page.getByTestId("claims")).toHaveCount(0);
  });

  test("top bar: links, active link, platforms dropdown, get started, footer", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated(page, "/");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Media" })).toHaveAttribute("href", "/media");
    await expect(nav.getByRole("link", { name: "About Us" })).toHaveAttribute("href", "/about");
    await expect(nav.getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/contact");
    await expect(page.getByRole("link", { name: "IP Angel home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/auth");

    await nav.getByRole("button", { name: "Platforms" }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem", { name: "Academy" })).toHaveAttribute("target", "_blank");
    await expect(menu.getByRole("menuitem", { name: "Market" })).toHaveAttribute("rel", /noopener/);
    await expect(menu.getByRole("menuitem", { name: "Discover All" })).toHaveAttribute("href", "/platforms");
    await page.keyboard.press("Escape");

    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(`© ${new Date().getFullYear()} IP Angel`);
    for (const [name, href] of [
      ["Privacy Policy", "/privacy"],
      ["Imprint", "/imprint"],
      ["Terms of Use", "/terms"],
      ["Consulting", "/consulting"],
    ]) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
  });

  test("the header menus work by keyboard: arrows, Home/End, Escape returns focus, Enter chooses", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated(page, "/");
    const platforms = page.getByRole("navigation", { name: "Main navigation" }).getByRole("button", { name: "Platforms" });
    await expect(platforms).toHaveAttribute("aria-haspopup", "menu");
    await expect(platforms).toHaveAttribute("aria-expanded", "false");

    await platforms.focus();
    await page.keyboard.press("ArrowDown");
    await expect(platforms).toHaveAttribute("aria-expanded", "true");
    const menu = page.getByRole("menu", { name: "Platforms" });
    const academy = menu.getByRole("menuitem", { name: "Academy" });
    await expect(academy).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: "Market" })).toBeFocused();
    await page.keyboard.press("End");
    await expect(menu.getByRole("menuitem", { name: "Discover All" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(academy).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(platforms).toBeFocused();
    await expect(platforms).toHaveAttribute("aria-expanded", "false");

    // A click elsewhere closes it too.
    await platforms.click();
    await expect(menu).toBeVisible();
    await page.getByRole("main").click({ position: { x: 5, y: 5 } });
    await expect(menu).toBeHidden();

    await platforms.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/platforms$/);
    await expect(menu).toBeHidden();

    const switcher = page.getByTestId("language-switcher");
    await switcher.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: /English/ })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "Deutsch" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("menu")).toBeHidden();
    await expect(switcher).toBeFocused();
  });

  test("a client-side navigation shows the next page's texts in the chosen language", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated(page, "/?lang=de");
    // The browser loads translations per page; the privacy page's are not loaded yet.
    await page.getByRole("contentinfo").getByRole("link", { name: "Datenschutzerklärung" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText("Datenschutzerklärung");
    await expect(page.getByRole("main")).not.toContainText("privacy.");
    await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Kontakt" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("button", { name: "Nachricht senden" })).toBeVisible();
  });

  test("mobile menu opens by keyboard and offers the same items", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await gotoHydrated(page, "/");
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeHidden();
    const toggle = page.getByLabel("Toggle menu");
    await toggle.focus();
    await page.keyboard.press("Enter");
    const mobile = page.getByRole("navigation", { name: "Mobile navigation" });
    await expect(mobile).toBeVisible();
    for (const name of ["Home", "Media", "About Us", "Contact", "Academy", "Market", "Discover All"]) {
      await expect(mobile.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId("mobile-menu").getByRole("link", { name: "Get Started" })).toBeVisible();
    await mobile.getByRole("link", { name: "Discover All" }).click();
    await expect(page).toHaveURL(/\/platforms$/);
    await expect(mobile).toBeHidden();
  });

  test("language switch is remembered in localStorage and cookie, and rendered by the server", async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated(page, "/");
    await page.getByTestId("language-switcher").click();
    await page.getByRole("menuitem", { name: "Deutsch" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Startseite" })).toBeVisible();
    await expect(page).toHaveTitle(/Wissen, Systeme und Technologie/);
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("de");
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === "language")?.value).toBe("de");

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");

    const raw = await request.get("/", { headers: { cookie: "language=es" } });
    const html = await raw.text();
    expect(html).toContain('<html lang="es"');
    expect(html).toContain("Únase al ecosistema");
    expect(html).not.toContain("Join the ecosystem");
  });

  test("?lang= chooses the language by link and remembers it", async ({ page }) => {
    await gotoHydrated(page, "/?lang=es");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { name: "Únase al ecosistema" })).toBeVisible();
    await gotoHydrated(page, "/");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("es");
  });

  test("an unknown path answers 404 with the not-found page", async ({ page }) => {
    const response = await page.goto("/this/does/not/exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("healthz reports ok", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  for (const language of ["en", "de", "es"]) {
    test(`no serious accessibility violations on the home and 404 pages (${language})`, async ({ page }) => {
      await page.goto(`/?lang=${language}`);
      await expectNoSeriousA11yViolations(page);
      await page.goto(`/missing-page?lang=${language}`);
      await expectNoSeriousA11yViolations(page);
    });
  }
});
