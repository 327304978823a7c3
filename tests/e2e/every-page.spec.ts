import { expect, test, type Page } from "@playwright/test";
import { gotoHydrated, hydrateFormOnUse } from "../helpers/hydration";
import { measure } from "../helpers/layout-fit";
import { watchPolicy } from "../helpers/policy";
import { pagePaths } from "../helpers/routes";
import { smallTouchTargets } from "../helpers/touch-targets";

/**
 * Every page the build has (npm run routes), in each language, opened once in one browser page and
 * checked for what a visitor of any page is owed:
 * - it hydrates under the Content-Security-Policy (ADR 0014) with no violation and no page error,
 *   and its lazily loaded pieces (toasts, form rules, translation namespaces, menus) load too;
 * - its headings fit at a small phone (320 px), a common phone (390 px) and a laptop (1280 px): no word
 *   broken across two lines without a hyphen, nothing scrolls sideways (issue 27; a resize lays the
 *   page out again, nothing is reloaded);
 * - at 390 px every link, button and field is at least 44 x 44 px to a finger (issue 27; links in
 *   running text are exempt, as WCAG 2.5.8 exempts them).
 * One walk serves every check: on 2 cores, loading a page in Chromium is most of a test's cost.
 */
const LANGUAGES = ["en", "de", "es"] as const;
const WIDTHS = [320, 390, 1280] as const;

// FIT_PATHS=/a,/b walks only those pages (while fixing one).
const PATHS = process.env.FIT_PATHS ? process.env.FIT_PATHS.split(",") : pagePaths();

async function layoutFindings(page: Page, path: string, language: string) {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const finding of await page.evaluate(measure)) found.push(`${language} ${width}px ${path}: ${finding.kind} ${finding.detail}`);
    if (width !== 390) continue;
    for (const target of await page.evaluate(smallTouchTargets, 44))
      found.push(`${language} ${width}px ${path}: small target ${target.what} ${target.width}x${target.height}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return found;
}

for (const language of LANGUAGES) {
  test(`every page in ${language}: hydrates under the policy with no violation; headings fit at 320, 390 and 1280 px`, async ({
    page,
    context,
  }) => {
    test.setTimeout(240_000);
    await context.addCookies([{ name: "language", value: language, url: process.env.E2E_BASE_URL! }]);
    await page.addInitScript((value) => localStorage.setItem("language", value), language);
    const violations = await watchPolicy(page);
    const layout: string[] = [];
    for (const path of PATHS) {
      const response = await gotoHydrated(page, path);
      const policy = response?.headers()["content-security-policy"] ?? "";
      expect(policy, path).toMatch(/script-src 'self' 'nonce-[^']+'/);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      expect(await violations(), path).toEqual([]);
      layout.push(...(await layoutFindings(page, path, language)));
    }
    expect(layout).toEqual([]);
    if (process.env.FIT_PATHS) return;

    // Lazily loaded pieces: the contact rules and the toast library load on first use.
    await gotoHydrated(page, "/contact");
    await hydrateFormOnUse(page);
    await page.locator("form button[type=submit]").first().click();
    await expect(page.locator("[data-sonner-toast]").first()).toBeVisible();
    // A client-side navigation loads the next page's code and translations.
    await page.locator('header a[href="/about"], a[href="/about"]').first().click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator("html")).toHaveAttribute("data-ready", "true");
    // Right after a client-side navigation the language switcher opens on the first click, and its choice loads the page.
    await page.getByTestId("language-switcher").click();
    await page.getByRole("menuitem").first().click();
    await expect(page).toHaveURL(/\/about\?lang=en$/);
    await page.waitForLoadState();
    await expect(page.locator("html")).toHaveAttribute("data-ready", "true");
    expect(await violations()).toEqual([]);
  });
}

test("the layout measurement sees a word broken without a hyphen, and accepts one broken at a soft hyphen", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.setContent(
    `<html lang="de"><body style="margin:0"><h1 style="width:120px;font:20px sans-serif;overflow-wrap:anywhere">Verbraucherstreitbeilegung</h1>` +
      `<h2 style="width:120px;font:20px sans-serif">Verbraucher\u00adstreit\u00adbeilegung</h2></body></html>`,
  );
  const findings = await page.evaluate(measure);
  expect(findings.filter((finding) => finding.kind === "broken-word")).toHaveLength(1);
  expect(findings[0]!.detail).toContain("<h1>");
});
