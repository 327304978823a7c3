import { expect, test } from "@playwright/test";
import { createConsoleAccount, signInPage } from "../helpers/console";
import { gotoHydrated } from "../helpers/hydration";

/**
 * Tests that change what every visitor sees for a while (the shop switched off). They run in their own
 * project after every other spec (playwright.config.ts), so no other test meets the changed site.
 */

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
