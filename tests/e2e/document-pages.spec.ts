import { expect, test, type Page } from "@playwright/test";
import { tagsOf } from "../helpers/html";
import { gotoHydrated, hydrateFormOnUse } from "../helpers/hydration";
import { routeTable } from "../helpers/routes";

/**
 * Document pages (ADR 0032): content pages are sent without React. They load no script file at
 * all; the shell's inline script (app/shell/, on every page) runs the header menus, the language
 * choice, the cart badge and the methodology reveal (shell-widgets.spec.ts), and their forms post as plain HTML. /contact
 * is sent the same way and loads React when its form is first used.
 */

/** Every route that declares itself a document page (npm run routes), and the not-found page. */
function documentPages() {
  const declared = routeTable().filter((route) => route.mode === "document" && !route.path.includes(":"));
  return [...declared.map((route) => route.path), "/no-such-page"];
}

/** Opens a page and records every script file it requests. */
async function openCountingScripts(page: Page, url: string) {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const response = await gotoHydrated(page, url);
  await page.waitForLoadState("networkidle");
  return { scripts, response };
}

test.describe("document pages", () => {
  // The HTML over HTTP: the shell's inline script is the same on every page, and the browser tests below
  // see it load no script file on three of them.
  test("load no script file, carry no hydration data and no module preloads", async ({ request }) => {
    const pages = documentPages();
    expect(pages).toEqual(expect.arrayContaining(["/", "/about", "/privacy", "/notify"]));
    for (const path of pages) {
      const html = await (await request.get(path)).text();
      const scriptFiles = [
        ...tagsOf(html, "script").flatMap((script) => (script.src ? [script.src] : [])),
        ...tagsOf(html, "link").flatMap((link) => (link.as === "script" ? [link.href] : [])),
      ];
      expect(scriptFiles, path).toEqual([]);
      expect(html, path).not.toContain("__reactRouterContext");
      expect(html, path).not.toContain("modulepreload");
      expect(html, path).not.toContain('type="module"');
    }
  });

  test("/academy and /tandem load React only when their notify form is used; a mistake shows under the field and keeps the address", async ({
    page,
  }) => {
    for (const path of ["/academy?lang=en", "/tandem?lang=en"]) {
      const { scripts, response } = await openCountingScripts(page, path);
      expect(scripts, path).toEqual([]);
      expect(await response!.text(), path).not.toContain("modulepreload");
      await hydrateFormOnUse(page);
      const section = page.locator("#notify");
      await section.getByLabel("Email").fill("not-an-address@");
      await section.getByRole("button", { name: "Notify me" }).click();
      await expect(section.getByRole("alert")).toContainText("valid email");
      await expect(section.getByLabel("Email")).toHaveValue("not-an-address@");
      expect(page.url(), path).not.toContain("notify=");
    }
  });

  test("app pages still hydrate (their scripts load)", async ({ page }) => {
    for (const path of ["/media", "/auth", "/shop"]) {
      const { scripts } = await openCountingScripts(page, path);
      expect(scripts.length, path).toBeGreaterThan(0);
    }
  });

  test("/contact loads React only when its form is first used, keeps what was typed, then answers with toasts", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const { scripts } = await openCountingScripts(page, "/contact?lang=en");
    expect(scripts).toEqual([]);
    const html = await page.content();
    expect(html).not.toContain("modulepreload");
    // The cart badge before React, and still after (React leaves the script's badge alone).
    await page.evaluate(() =>
      localStorage.setItem(
        "shop.cart",
        JSON.stringify([{ merchandiseId: "a", quantity: 2, title: "a", price: { amount: "1.00", currencyCode: "EUR" }, image: null }]),
      ),
    );
    await gotoHydrated(page, "/contact?lang=en");
    await expect(page.getByTestId("cart-button-bar").getByTestId("cart-count")).toHaveText("2");

    const name = page.getByRole("textbox", { name: "Name", exact: true });
    await name.pressSequentially("Ada Lovelace");
    await expect(page.locator("form[data-hydrated]")).toHaveCount(1);
    expect(scripts.length).toBeGreaterThan(0);
    await expect(name).toHaveValue("Ada Lovelace");
    await expect(page.getByTestId("cart-button-bar").getByTestId("cart-count")).toHaveText("2");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("ada@invalid");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "Validation Error" }).filter({ hasText: "Invalid email address" }),
    ).toBeVisible();

    // With React running, the header menus have still one handler: one click opens, one closes.
    const platforms = page.getByRole("navigation", { name: "Main navigation" }).getByRole("button", { name: "Platforms" });
    await platforms.click();
    await expect(page.getByRole("menu", { name: "Platforms" })).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "Market" })).toBeFocused();
    await platforms.click();
    await expect(page.getByRole("menu", { name: "Platforms" })).toBeHidden();
  });
});
