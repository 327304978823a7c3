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
  const held = await page.evaluate(() => ({
    untilInteraction: document.querySelector('template[data-deferred-hydration="interaction"]') !== null,
    // React's scripts are in the document: loaded with the page, or a page hydrated at first use whose
    // scripts the shell already started (a pointer over it), still on their way with the page's data.
    started: document.querySelector('script[type="module"]') !== null,
  }));
  if (held.untilInteraction) await hydrateOnInteraction(page);
  else if (held.started) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
}

/**
 * A page hydrated at the first sign of use (/media, ADR 0094): the pointer moves over it, as a visitor's
 * would, and React runs (root.tsx marks `<html data-hydrated>`).
 */
export async function hydrateOnInteraction(page: Page) {
  await page.mouse.move(3, 3);
  await page.mouse.move(6, 6);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
}

/**
 * A page hydrated on first use (/contact, ADR 0032): React loads when the visitor first turns to a
 * form. Focuses the form's first field and waits until React runs it (`form[data-hydrated]`).
 */
export async function hydrateFormOnUse(page: Page) {
  await page.locator("main form input:not([type=hidden]):not([tabindex='-1'])").first().focus();
  await expect(page.locator("form[data-hydrated]")).toHaveCount(1, { timeout: 15_000 });
}

/** Opens a `/media` URL and lets React hydrate it, as a visitor's pointer would (ADR 0094), until the page's own mark. */
export async function gotoMedia(page: Page, url: string) {
  await page.goto(url);
  await hydrateOnInteraction(page);
  // The media page's mark (`useHydrated`): its controls have rendered again as hydrated, one render after the root's.
  await expect(page.locator("main [data-hydrated=true]")).toHaveCount(1);
}
