import { expect, test } from "@playwright/test";
import { createConsoleAccount, signInPage } from "../helpers/console";
import { gotoHydrated } from "../helpers/hydration";

/**
 * Rich text (ADR 0061) in a real browser: the editor (loaded only on the console's page editor) makes
 * words bold from its toolbar, and the published page shows them bold. The server is shared, so the
 * test publishes the default back at the end (the field emptied).
 */
const EDITOR = "/admin/pages/about?language=es&lang=en";

test("words made bold in the page editor are bold on the published page", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = await createConsoleAccount("console-rich-text", "admin");
  await signInPage(page, email);
  await gotoHydrated(page, EDITOR);
  const field = page.locator('[data-path="origin.paragraphs"]');
  const editor = field.locator('[contenteditable="true"]');
  await editor.click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("Compartimos ");
  const bold = field.getByRole("button", { name: "Bold" });
  await bold.click();
  await expect(bold).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type("lo que sabemos");
  await expect(editor.locator("strong")).toHaveText("lo que sabemos");
  await page.getByRole("button", { name: "Publish Español" }).click();
  await expect(page.getByText("Published: the page now shows these texts in this language.")).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto("/about?lang=es");
  const origin = visitor.locator("#origin");
  await expect(origin.locator("p strong")).toHaveText("lo que sabemos");
  await expect(origin.locator("p").first()).toHaveText("Compartimos lo que sabemos");
  await visitor.close();

  await gotoHydrated(page, EDITOR);
  await editor.click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await page.getByRole("button", { name: "Publish Español" }).click();
  await expect(page.getByText("Published: the page now shows these texts in this language.")).toBeVisible();
  await expect(field).not.toContainText("Default:");
});
