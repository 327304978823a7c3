import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../helpers/a11y";
import { createConsoleAccount, pageField as field, publishEveryFieldEmpty, signInPage } from "../helpers/console";
import { gotoHydrated, hydrateFormOnUse, waitForHydration } from "../helpers/hydration";

/**
 * Pages as content (issue 23, ADR 0054) as an operator uses them: the German home headline edited in
 * the console stays a draft until German is published, and then only German changes; markup typed
 * into every field is shown as text; an editor cannot publish a legal page. The server is shared, so
 * the test publishes the defaults back at the end (every field empty).
 */
test.describe.configure({ mode: "serial" });

const HEADLINE = "Gebaut für Menschen, die etwas vorhaben, mit";
const GERMAN_DEFAULT = "Bauen Sie, was zählt, mit";
const ENGLISH_DEFAULT = "Build what matters with";
const heroOf = (page: Page) => page.getByRole("heading", { level: 1 });

test("German goes live on its own: a draft changes nothing public, publishing German leaves English as it was", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = await createConsoleAccount("console-pages", "admin");
  await signInPage(page, email);
  await gotoHydrated(page, "/admin/pages?lang=en");
  await expect(page.getByTestId("page-home-de")).toHaveAttribute("data-state", "default");
  await expectNoSeriousA11yViolations(page);

  await page.getByTestId("page-home-de").click();
  await expect(page.getByRole("heading", { name: "Home: Deutsch" })).toBeVisible();
  // The field holds the text the page shows; once edited, it names the default below it.
  await expect(field(page, "hero.titleStart")).toHaveValue(GERMAN_DEFAULT);
  await field(page, "hero.titleStart").fill(HEADLINE);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft saved. The public page is unchanged.")).toBeVisible();
  await expect(page.locator('[data-path="hero.titleStart"]')).toContainText(`Default: ${GERMAN_DEFAULT}`);
  await expectNoSeriousA11yViolations(page);

  // A visitor (no session: the page cache applies) still reads the published German page.
  const visitor = await browser.newPage();
  await visitor.goto("/?lang=de");
  await expect(heroOf(visitor)).toContainText(GERMAN_DEFAULT);

  await page.getByRole("button", { name: "Publish Deutsch" }).click();
  await expect(page.getByText("Published: the page now shows these texts in this language.")).toBeVisible();
  await visitor.goto("/?lang=de");
  await expect(heroOf(visitor)).toContainText(HEADLINE);
  await visitor.goto("/?lang=en");
  await expect(heroOf(visitor)).toContainText(ENGLISH_DEFAULT);
  await expect(heroOf(visitor)).not.toContainText(HEADLINE);
  await visitor.close();
  // The editor is made anew from the published state; the answer stays while the operator looked at the site.
  await expect(page.getByText("Published: the page now shows these texts in this language.")).toBeVisible();

  await gotoHydrated(page, "/admin/pages?lang=en");
  await expect(page.getByTestId("page-home-de")).toHaveAttribute("data-state", "published");
  await expect(page.getByTestId("page-home-en")).toHaveAttribute("data-state", "default");
  await gotoHydrated(page, "/admin/audit?lang=en&entity=page");
  // Other tests publish pages beside this one: the entry of this page and language.
  await expect(
    page.getByTestId("audit-entry").filter({ hasText: "Page published" }).filter({ hasText: "home (de)" }).first(),
  ).toBeVisible();

  await publishEveryFieldEmpty(page, "/admin/pages/home?language=de&lang=en", "Publish Deutsch");
  const after = await browser.newPage();
  await after.goto("/?lang=de");
  await expect(heroOf(after)).toContainText(GERMAN_DEFAULT);
  await after.close();
});

test("pages React renders in the browser show the published texts too", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = await createConsoleAccount("console-pages-hydrated", "admin");
  await signInPage(page, email);
  await gotoHydrated(page, "/admin/pages/contact?language=de&lang=en");
  // The form's labels and messages are interface text: not fields of the page.
  await expect(page.locator('[data-path="form.name"]')).toHaveCount(0);
  await field(page, "heading.subtitle").fill("Schreiben Sie uns, wir antworten persönlich.");
  await page.getByRole("button", { name: "Publish Deutsch" }).click();
  await expect(page.getByText("Published: the page now shows these texts in this language.")).toBeVisible();
  await gotoHydrated(page, "/admin/pages/home?language=de&lang=en");
  await field(page, "hero.titleStart").fill(HEADLINE);
  await page.getByRole("button", { name: "Publish Deutsch" }).click();
  await expect(page.getByText("Published: the page now shows these texts in this language.")).toBeVisible();

  const visitor = await browser.newPage();
  // /contact hydrates when its form is first used: the published subtitle stays after React takes over.
  await visitor.goto("/contact?lang=de");
  await hydrateFormOnUse(visitor);
  await expect(visitor.getByRole("main")).toContainText("Schreiben Sie uns, wir antworten persönlich.");
  // From an app page (/media, hydrated) to the home page without loading a document: React renders it.
  await visitor.goto("/media?lang=de");
  await waitForHydration(visitor);
  await visitor.getByRole("link", { name: "IP Angel Startseite" }).click();
  await expect(visitor).toHaveURL(/\/(\?lang=de)?$/);
  await expect(heroOf(visitor)).toContainText(HEADLINE);
  await visitor.close();

  await publishEveryFieldEmpty(page, "/admin/pages/contact?language=de&lang=en", "Publish Deutsch");
  await publishEveryFieldEmpty(page, "/admin/pages/home?language=de&lang=en", "Publish Deutsch");
});

test("markup typed into every field of a page is shown as text, never run", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const email = await createConsoleAccount("console-pages-xss", "admin");
  await signInPage(page, email);
  await gotoHydrated(page, "/admin/pages/home?language=es&lang=en");
  const boxes = await page.locator("[data-path]").getByRole("textbox").all();
  expect(boxes.length).toBeGreaterThan(20);
  for (const [index, box] of boxes.entries()) {
    await box.fill(`<script>window.__injected=${index}</script><img src=x onerror="window.__injected=${index}">`);
  }
  await page.getByRole("button", { name: "Publish Español" }).click();
  // Every field of the page changes at once: under the whole suite the publish has taken longer than the default wait.
  await expect(page.getByText("Published: the page now shows these texts in this language.")).toBeVisible({ timeout: 30_000 });

  const visitor = await browser.newPage();
  await visitor.goto("/?lang=es");
  await expect(heroOf(visitor)).toContainText("<script>window.__injected=");
  expect(await visitor.title()).toContain("<script>");
  expect(await visitor.locator("main img[src=x]").count()).toBe(0);
  expect(await visitor.evaluate(() => (window as { __injected?: unknown }).__injected)).toBeUndefined();
  await visitor.close();

  await publishEveryFieldEmpty(page, "/admin/pages/home?language=es&lang=en", "Publish Español");
});

test("an editor drafts a legal page, but publishing it needs an admin", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = await createConsoleAccount("console-pages-editor", "editor");
  await signInPage(page, email);
  await gotoHydrated(page, "/admin/pages/privacy?language=en&lang=en");
  await expect(page.getByText("A legal page: only an admin can publish it.")).toBeVisible();
  await field(page, "title").fill("Our edited privacy policy");
  await page.getByRole("button", { name: "Publish English" }).click();
  await expect(page.getByText("Only an admin can publish a legal page. Save a draft and ask an admin to publish it.")).toBeVisible();
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft saved. The public page is unchanged.")).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto("/privacy?lang=en");
  await expect(heroOf(visitor)).toHaveText("Privacy Policy");
  await visitor.close();

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Discard draft" }).click();
  await expect(page.getByText("Draft discarded.")).toBeVisible();
});
