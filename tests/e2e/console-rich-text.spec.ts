import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../helpers/a11y";
import { createConsoleAccount, signInPage } from "../helpers/console";
import { gotoHydrated } from "../helpers/hydration";

/**
 * Rich text (ADR 0061) in a real browser: the editor's code loads only for a page with a rich field, it
 * makes words bold from its toolbar, and the published page shows them bold. The server is shared, so the
 * test publishes the default back at the end (the field emptied).
 */
const EDITOR = "/admin/pages/about?language=es&lang=en";

test("words made bold in the page editor are bold on the published page", async ({ page, browser }) => {
  test.setTimeout(180_000);
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
  await expectNoSeriousA11yViolations(page);
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
