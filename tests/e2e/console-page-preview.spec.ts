import { expect, test, type Page } from "@playwright/test";
import { createConsoleAccount, signedInRequest, signInPage, visitorRequest } from "../helpers/console";
import { gotoHydrated, hydrateFormOnUse } from "../helpers/hydration";

/**
 * Autosave and the preview link (ADR 0059) as an operator uses them: typing in the editor saves the
 * draft by itself, and the editor's preview link shows that draft on the real page, at phone width, in
 * a browser without a session, also once React renders the page; a visitor without the link still reads
 * the published page. The shared server gets its state back: the draft is discarded at the end.
 */
const DRAFT = "Vorschau: Schreiben Sie uns, wir antworten noch heute.";
const field = (page: Page, path: string) => page.locator(`[data-path="${path}"]`).getByRole("textbox");

test("typing saves a draft by itself, and its preview link shows it to someone without an account", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = await createConsoleAccount("console-page-preview", "admin");
  await signInPage(page, email);
  await gotoHydrated(page, "/admin/pages/contact?language=de&lang=en");
  await field(page, "heading.subtitle").fill(DRAFT);
  await expect(page.getByTestId("autosave-status")).toHaveText(/^Saved at \d{1,2}:\d{2}( [AP]M)?$/, { timeout: 20_000 });
  // Saved while the field kept its text and focus: the form was not made anew.
  await expect(field(page, "heading.subtitle")).toBeFocused();
  const previewUrl = await page.getByTestId("preview-url").inputValue();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const preview = await phone.newPage();
  const answer = await preview.goto(previewUrl);
  expect(answer?.headers()["cache-control"]).toBe("private, no-store");
  await expect(preview.getByTestId("preview-banner")).toHaveText("Vorschau des Entwurfs – nicht veröffentlicht");
  await expect(preview.getByRole("main")).toContainText(DRAFT);
  await expect(preview.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  // /contact hydrates when its form is first used: React keeps the draft's texts.
  await hydrateFormOnUse(preview);
  await expect(preview.getByRole("main")).toContainText(DRAFT);
  expect(await preview.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const visitor = await phone.newPage();
  await visitor.goto("/contact?lang=de");
  await expect(visitor.getByRole("main")).not.toContainText(DRAFT);
  await expect(visitor.getByTestId("preview-banner")).toHaveCount(0);
  await phone.close();

  // The draft is the server's: a new load of the editor starts from it.
  await gotoHydrated(page, "/admin/pages/contact?language=de&lang=en");
  await expect(field(page, "heading.subtitle")).toHaveValue(DRAFT);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Discard draft" }).click();
  await expect(page.getByText("Draft discarded.")).toBeVisible();
});

test("the schedule door checks what any client sends: a legal page needs an admin, a past or made-up time is refused", async () => {
  test.setTimeout(120_000);
  const editor = await signedInRequest(await createConsoleAccount("console-page-schedule", "editor"));
  const schedule = (page: string, publishAt: string, context = editor) =>
    context.post(`/admin/pages/${page}?language=de&lang=en`, { form: { intent: "schedule", js: "1", publishAt }, maxRedirects: 0 });

  const legal = await schedule("privacy", "2031-05-04T10:00");
  expect(legal.status()).toBe(403);
  expect(await legal.text()).toContain("Only an admin can schedule the publish of a legal page.");
  const past = await schedule("about", "2020-01-01T10:00");
  expect(past.status()).toBe(400);
  expect(await past.text()).toContain("This time has passed. Choose a time in the future.");
  for (const made of ["2031-02-30T10:00", "'; drop table page_schedules; --", "x".repeat(100_000)]) {
    const refused = await schedule("about", made);
    expect(refused.status(), made.slice(0, 40)).toBe(made.length > 50_000 ? 413 : 400);
  }
  // Someone without a console role finds no such door: the answer of an unknown path.
  const visitor = await visitorRequest();
  const unknown = await visitor.post("/admin/no-such-page", {
    form: { intent: "schedule", publishAt: "2031-05-04T10:00" },
    maxRedirects: 0,
  });
  expect((await schedule("about", "2031-05-04T10:00", visitor)).status()).toBe(unknown.status());
  await visitor.dispose();
  await editor.dispose();
});
