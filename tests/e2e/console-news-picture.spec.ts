import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../helpers/a11y";
import { createConsoleAccount, signInPage } from "../helpers/console";
import { importPicture } from "../helpers/e2e-server";
import { gotoHydrated } from "../helpers/hydration";

/**
 * A picture of the media library in a post's text (ADR 0061): the editor's Image button offers the
 * published pictures and an alternative text, and the published post shows the library's web copy with
 * its size, lazily, between the paragraphs it was put between.
 */
test("an admin puts a library picture into a post's text; the published post shows it with its size and alt text", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const picture = `Studio picture ${stamp}`;
  const itemId = await importPicture(picture, 1600, 900, { r: 200, g: 120, b: 60 });

  const email = await createConsoleAccount("console-news-picture", "admin");
  await signInPage(page, email);
  await gotoHydrated(page, "/admin/news/new?language=en&lang=en");
  await page.getByLabel("Title", { exact: true }).fill(`Our new studio ${stamp}`);
  const editor = page.locator('[contenteditable="true"]');
  await editor.click();
  await page.keyboard.type("We moved.");
  await page.getByRole("button", { name: "Image from the media library" }).click();
  const picker = page.getByTestId("picture-picker");
  await expect(picker.getByLabel("Picture")).toBeFocused();
  await picker.getByLabel("Picture").selectOption({ label: picture });
  await picker.getByLabel("Alternative text").fill("The studio's orange wall");
  await expectNoSeriousA11yViolations(page);
  await picker.getByRole("button", { name: "Insert image" }).click();
  await expect(picker).toHaveCount(0);
  await expect(editor.locator(`img[data-media-id="${itemId}"]`)).toHaveAttribute("alt", "The studio's orange wall");
  await page.getByRole("button", { name: "Publish English" }).click();
  await expect(page.getByTestId("news-view")).toBeVisible();

  const visitor = await browser.newPage();
  try {
    await visitor.goto(`/news/our-new-studio-${stamp}`);
    const shown = visitor.getByTestId("news-post").getByTestId("rich-text-image");
    await expect(shown).toHaveAttribute("alt", "The studio's orange wall");
    await expect(shown).toHaveAttribute("width", "480");
    await expect(shown).toHaveAttribute("height", "270");
    await expect(shown).toHaveAttribute("loading", "lazy");
    expect(await shown.getAttribute("src")).toMatch(new RegExp(`^/page-images/${itemId}\\?v=`));
    // AVIF and WebP in three widths for dense screens; the browser takes AVIF (ADR 0091).
    const avif = visitor.getByTestId("news-post").locator('picture source[type="image/avif"]');
    await expect(avif).toHaveAttribute("srcset", /&w=480&f=avif 480w, \S+&w=960&f=avif 960w, \S+&w=1440&f=avif 1440w$/);
    await shown.scrollIntoViewIfNeeded();
    await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await shown.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/&f=avif$/);
    await expect(visitor.getByTestId("news-post").getByText("We moved.")).toBeVisible();
  } finally {
    await visitor.close();
  }
});
