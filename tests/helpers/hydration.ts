import { expect, type Page } from "@playwright/test";

/**
 * Opens a page and waits until React has hydrated it (root.tsx marks `<html data-ready>`).
 * Use before interacting with widgets that only work with JavaScript (dropdowns, dialogs), so a
 * slow machine does not click a server-rendered button before its handler exists.
 */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

export async function waitForHydration(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-ready", "true", { timeout: 15_000 });
}
