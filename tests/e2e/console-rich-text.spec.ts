import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../helpers/a11y";
import { createConsoleAccount, signInPage } from "../helpers/console";
import { importPicture } from "../helpers/e2e-server";
import { gotoHydrated } from "../helpers/hydration";

/**
 * Rich text (ADR 0061) in a real browser: the editor's code loads only for a page with a rich field, it
 * makes words bold from its toolbar and puts a library picture in, and the published page shows both. The server is shared, so the
 * test publishes the default back at the end (the field emptied).
 */
const EDITOR = "/admin/pages/about?language=es&lang=en";

test("words made bold and a library picture put in by the page editor are on the published page", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const picture = `Workshop picture ${Date.now().toString(36)}`;
  const itemId = await importPicture(picture, 900, 1200, { r: 40, g: 90, b: 160 });
  const email = await createConsoleAccount("console-rich-text", "admin");
  await signInPage(page, email);
  const scripts: string[] = [];
  page.on("request", (request) => void (request.resourceType() === "script" && scripts.push(request.url())));
  // The home page has no rich field: the editor's code is not even fetched.
  await gotoHydrated(page, "/admin/pages/home?language=es&lang=en");
  await expect(page.locator('[data-path="hero.titleStart"]').getByRole("textbox")).toBeVisible();
  expect(scripts.filter((url) => url.includes("rich-text-editor"))).toEqual([]);
  await gotoHydrated(page, EDITOR);
  const field = page.locator('[data-path="origin.paragraphs"]');
  const editor = field.locator('[contenteditable="true"]');
  await editor.click();
  expect(scripts.filter((url) => url.includes("rich-text-editor"))).toHaveLength(1);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("Compartimos ");
  const bold = field.getByRole("button", { name: "Bold" });
  await bold.click();
  await expect(bold).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type("lo que sabemos");
  await expect(editor.locator("strong")).toHaveText("lo que sabemos");
  await page.keyboard.press("Enter");
  await field.getByRole("button", { name: "Image from the media library" }).click();
  const picker = page.getByTestId("picture-picker");
  await picker.getByLabel("Picture").selectOption({ label: picture });
  await picker.getByLabel("Alternative text").fill("El taller en azul");
  await picker.getByRole("button", { name: "Insert image" }).click();
  await expect(editor.locator(`img[data-media-id="${itemId}"]`)).toHaveAttribute("alt", "El taller en azul");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Publish Español" }).click();
  await expect(page.getByText("Published: the page now shows these texts in this language.")).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto("/about?lang=es");
  const origin = visitor.locator("#origin");
  await expect(origin.locator("p strong")).toHaveText("lo que sabemos");
  await expect(origin.locator("p").first()).toHaveText("Compartimos lo que sabemos");
  // The library's web copy, at most 480 px wide, with its size (no layout shift); sharper sizes for
  // dense screens, never wider than the 900 px original (ADR 0091).
  const shown = origin.getByTestId("rich-text-image");
  await expect(shown).toHaveAttribute("alt", "El taller en azul");
  await expect(shown).toHaveAttribute("width", "480");
  await expect(shown).toHaveAttribute("height", "640");
  expect(await shown.getAttribute("src")).toMatch(new RegExp(`^/page-images/${itemId}\\?v=`));
  const webp = origin.locator('picture source[type="image/webp"]');
  await expect(webp).toHaveAttribute("srcset", /&w=480&f=webp 480w, \S+&w=960&f=webp 900w$/);
  await expect(webp).toHaveAttribute("sizes", "(min-width: 512px) 480px, calc(100vw - 32px)");
  await visitor.close();

  await gotoHydrated(page, EDITOR);
  await editor.click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await page.getByRole("button", { name: "Publish Español" }).click();
  await expect(page.getByText("Published: the page now shows these texts in this language.")).toBeVisible();
  await expect(field).not.toContainText("Default:");
});
