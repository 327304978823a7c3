import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, languageTurns } from "../helpers/a11y";
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

  test("top bar: links, active link, get started, footer (the menus: shell-widgets.spec.ts)", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated(page, "/");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Media" })).toHaveAttribute("href", "/media");
    await expect(nav.getByRole("link", { name: "About Us" })).toHaveAttribute("href", "/about");
    await expect(nav.getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/contact");
    await expect(page.getByRole("link", { name: "IP Angel home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/auth");

    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(`© ${new Date().getFullYear()} IP Angel`);
    for (const [name, href] of [
      ["Privacy Policy", "/privacy"],
      ["Legal notice", "/imprint"],
      ["Terms of Service", "/terms"],
      ["Consulting", "/consulting"],
    ]) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
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

  for (const { language, pages } of languageTurns(["/", "/missing-page"], 1)) {
    test(`no serious accessibility violations on the home and 404 pages (${language}: ${pages.join(", ")})`, async ({ page }) => {
      for (const path of pages) {
        await page.goto(`${path}?lang=${language}`);
        await expectNoSeriousA11yViolations(page);
      }
    });
  }
});
