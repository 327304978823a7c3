import { expect, test } from "@playwright/test";
import { createConsoleAccount, signInPage } from "../helpers/console";
import { gotoHydrated } from "../helpers/hydration";

/**
 * The news editor as an operator uses it (ADR 0066): a new post's first save gives it an address,
 * typing then saves the draft by itself, the draft's preview link shows it to someone without an
 * account while its address stays 404, and publishing in English puts it on /news.
 */
test("write a post, let autosave keep it, preview it signed out, publish it in English and find it on /news", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const title = `Editor walk ${stamp}`;
  const slug = `editor-walk-${stamp}`;
  const email = await createConsoleAccount("console-news-editor", "admin");
  await signInPage(page, email);
  await gotoHydrated(page, "/admin/news/new?language=en&lang=en");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/admin\/news\/[0-9a-f-]{36}/);
  await expect(page.getByTestId("preview-url")).toBeVisible();

  const summary = page.getByLabel("Summary", { exact: true });
  await summary.fill(`Written while autosave listens ${stamp}`);
  await expect(page.getByTestId("autosave-status")).toHaveText(/^Saved at \d{1,2}:\d{2}( [AP]M)?$/, { timeout: 20_000 });
  await expect(summary).toBeFocused();
  const previewUrl = await page.getByTestId("preview-url").inputValue();

  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const tab = await visitor.newPage();
  expect((await tab.goto(`/news/${slug}?lang=en`))?.status()).toBe(404);
  const answer = await tab.goto(previewUrl);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()["cache-control"]).toBe("private, no-store");
  await expect(tab.getByRole("main")).toContainText(title);
  await expect(tab.getByRole("main")).toContainText(`Written while autosave listens ${stamp}`);
  await expect(tab.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

  // Typed and left at once, before the autosave's delay: the change is sent as the page goes.
  const editorUrl = page.url();
  await summary.fill(`Kept on leaving ${stamp}`);
  await page.goto("/admin/news?lang=en");
  await expect(async () => {
    await gotoHydrated(page, editorUrl);
    await expect(page.getByLabel("Summary", { exact: true })).toHaveValue(`Kept on leaving ${stamp}`, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });

  // Typed and left by a link inside the console (the page stays, the editor unmounts): sent the same way.
  await page.getByLabel("Summary", { exact: true }).fill(`Kept on a console link ${stamp}`);
  await page.getByRole("navigation", { name: "Console navigation" }).getByRole("link", { name: "News", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/news(\?|$)/);
  await expect(async () => {
    await gotoHydrated(page, editorUrl);
    await expect(page.getByLabel("Summary", { exact: true })).toHaveValue(`Kept on a console link ${stamp}`, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });

  await page.getByRole("button", { name: "Publish English" }).click();
  await expect(page.getByTestId("news-view")).toBeVisible();
  await tab.goto("/news?lang=en");
  await expect(tab.getByRole("main")).toContainText(title);
  await visitor.close();
});

test("the text editor arrives in the room kept for it: nothing below it moves, so a press on Save draft lands", async ({ page }) => {
  const email = await createConsoleAccount("console-news-frame", "admin");
  await signInPage(page, email);
  // The editor's code (Tiptap) is held at the network until the page has been measured without it.
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/rich-text-editor-[\w-]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await gotoHydrated(page, "/admin/news/new?language=en&lang=en");
  await page.evaluate(() => document.fonts.ready);
  const save = page.getByRole("button", { name: "Save draft" });
  const before = await save.boundingBox();
  await expect(page.getByRole("toolbar", { name: "Text format" })).toHaveCount(0);

  release();
  await expect(page.getByRole("toolbar", { name: "Text format" })).toBeVisible();
  expect(await save.boundingBox()).toEqual(before);
});
