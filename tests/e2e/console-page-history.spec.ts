import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../helpers/a11y";
import { createConsoleAccount, signInPage } from "../helpers/console";
import { gotoHydrated } from "../helpers/hydration";

/**
 * A page's history and a language taken off the site (ADR 0058), as an operator uses them. The
 * versions are published over HTTP (the editor's own form post); the comparison, the restore and
 * the unpublish are clicked. The server is shared, so each test leaves its page as it found it.
 */
test.describe.configure({ mode: "serial" });

const field = (page: Page, path: string) => page.locator(`[data-path="${path}"]`).getByRole("textbox");

/** Publishes `text` as the field `path` of a page in a language, as the editor's form posts it (no JavaScript). */
async function publishField(page: Page, editor: string, path: string, text: string) {
  const html = await (await page.request.get(editor)).text();
  const name = new RegExp(`data-path="${path.replaceAll(".", "\\.")}"[\\s\\S]*?name="(f\\d+)"`).exec(html)?.[1];
  expect(name, `the editor's field ${path}`).toBeTruthy();
  const published = await page.request.post(editor, { form: { intent: "publish", [name!]: text } });
  expect(published.status()).toBe(200);
}

test("two versions of a page are compared field by field, and the older one is restored as the draft", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = await createConsoleAccount("page-history", "admin");
  await signInPage(page, email);
  const editor = "/admin/pages/platforms?language=de&lang=en";
  await publishField(page, editor, "hero.title", "Alle Plattformen: erste Fassung");
  await publishField(page, editor, "hero.title", "Alle Plattformen: zweite Fassung");

  await gotoHydrated(page, editor);
  await page.getByRole("link", { name: "History" }).click();
  await expect(page.getByRole("heading", { name: "History of Platforms: Deutsch" })).toBeVisible();
  const versions = page.getByTestId("page-version");
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText("Version 2");
  await expect(versions.first()).toContainText(email);

  // The latest two, side by side: the changed field with both texts, the others folded away.
  const changed = page.getByTestId("diff-changed").getByTestId("diff-field");
  await expect(changed).toHaveCount(1);
  await expect(changed).toContainText("hero.title");
  await expect(changed).toContainText("Alle Plattformen: erste Fassung");
  await expect(changed).toContainText("Alle Plattformen: zweite Fassung");
  await expect(page.getByTestId("diff-unchanged")).toBeHidden();
  await page.getByText(/unchanged fields/).click();
  await expect(page.getByTestId("diff-unchanged").getByTestId("diff-field").first()).toContainText("Default text");
  await expectNoSeriousA11yViolations(page);

  page.once("dialog", (dialog) => void dialog.accept());
  await versions.last().getByRole("button", { name: "Restore as draft" }).click();
  await expect(page.getByText("Restored as the draft. Check it in the editor and publish it to make it live.")).toBeVisible();

  // The draft is the older text; the public page still shows the newer one.
  await gotoHydrated(page, editor);
  await expect(page.getByTestId("page-state")).toHaveAttribute("data-state", "draft");
  await expect(field(page, "hero.title")).toHaveValue("Alle Plattformen: erste Fassung");
  const visitor = await browser.newPage();
  await visitor.goto("/platforms?lang=de");
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText("Alle Plattformen: zweite Fassung");
  await visitor.close();

  // Back to the defaults (an empty field follows the file); publishing also drops the draft.
  await publishField(page, editor, "hero.title", "");
});

test("a language taken off the site shows the English page with a note in that language, until it is republished", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = await createConsoleAccount("page-unpublish", "admin");
  await signInPage(page, email);
  await gotoHydrated(page, "/admin/pages/market?language=es&lang=en");
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Unpublish this language" }).click();
  await expect(page.getByText("Unpublished: visitors of this language now see the English page with a note.")).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto("/market?lang=es");
  await expect(visitor.locator("html")).toHaveAttribute("lang", "es");
  await expect(visitor.getByRole("note")).toHaveText("Esta página todavía no está disponible en español. Se muestra la versión en inglés.");
  const content = visitor.locator('main [lang="en"]');
  await expect(content.getByRole("heading", { level: 1 })).toContainText("Tools and products for builders");
  // The frame stays Spanish; Spanish is no longer announced as a version of the page.
  await expect(visitor.getByRole("banner")).toContainText("Inicio");
  await expect(visitor.locator('link[rel="alternate"][hreflang="es"]')).toHaveCount(0);
  await expect(visitor.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/market$/);

  await gotoHydrated(page, "/admin/pages?lang=en");
  await expect(page.getByTestId("page-market-es")).toHaveAttribute("data-state", "unpublished");
  await page.getByTestId("page-market-es").click();
  await page.getByRole("button", { name: "Republish this language" }).click();
  await expect(page.getByText("Republished: the page is live in this language again.")).toBeVisible();

  await visitor.goto("/market?lang=es");
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText("Herramientas y productos");
  await expect(visitor.getByRole("note")).toHaveCount(0);
  await visitor.close();
});
