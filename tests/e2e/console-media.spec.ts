import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../helpers/a11y";
import { createConsoleAccount, signInPage } from "../helpers/console";
import { e2eDataDir, withDatabase } from "../helpers/e2e-server";
import { gotoHydrated } from "../helpers/hydration";
import { waitForMail } from "../helpers/mail";
import { makePng } from "../helpers/media-fixtures";
import { makePaddedMp4 } from "../helpers/video-fixture";

/**
 * The console as an editor uses it (issue 11): upload a 50 MB video and three images at once with
 * a progress bar each (drafts), edit one with a German title and publish it, find it on the German
 * page by another form of the word, publish the rest in bulk, see them on /media in every language,
 * delete one; answer a contact message from the inbox. Titles carry a token so other specs on the shared server never meet them.
 */
const TOKEN = "Quillmere";

test("upload four files at once (drafts), translate and publish one, publish the rest in bulk, see them in en/de/es, delete one", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const email = await createConsoleAccount("console-media", "editor");
  await signInPage(page, email);
  await gotoHydrated(page, "/admin/media/new?lang=en");
  await expectNoSeriousA11yViolations(page);

  const files = [
    { name: `${TOKEN} harbour.png`, mimeType: "image/png", buffer: await makePng(1600, 900, { r: 30, g: 90, b: 160 }) },
    { name: `${TOKEN} dunes.png`, mimeType: "image/png", buffer: await makePng(900, 1600, { r: 200, g: 160, b: 90 }) },
    { name: `${TOKEN} forest.png`, mimeType: "image/png", buffer: await makePng(640, 640, { r: 40, g: 140, b: 70 }) },
  ];
  // Playwright hands over files above 50 MB by path only: all four go as files.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "console-upload-"));
  for (const file of files) fs.writeFileSync(path.join(folder, file.name), file.buffer);
  const videoPath = path.join(folder, `${TOKEN} intro.mp4`);
  fs.writeFileSync(videoPath, makePaddedMp4(50 * 1024 * 1024));
  const started = Date.now();
  await page.locator('input[type="file"]').setInputFiles([...files.map((file) => path.join(folder, file.name)), videoPath]);
  const uploads = page.getByTestId("upload");
  await expect(uploads).toHaveCount(4);
  const names = [...files.map((file) => file.name), `${TOKEN} intro.mp4`];
  for (const name of names) await expect(page.getByRole("progressbar", { name: `Upload of ${name}` })).toBeVisible();
  await expect(uploads.and(page.locator('[data-status="done"]'))).toHaveCount(4, { timeout: 120_000 });
  const seconds = (Date.now() - started) / 1000;
  test.info().annotations.push({ type: "upload", description: `4 files, 50 MB video + 3 images, published in ${seconds.toFixed(1)} s` });
  for (const name of names) await expect(page.getByRole("progressbar", { name: `Upload of ${name}` })).toHaveAttribute("value", "100");
  fs.rmSync(folder, { recursive: true, force: true });

  // The server measured each file as the import does.
  const rows = await withDatabase(e2eDataDir(), async (client) => {
    const { rows } = await client.query<{
      title: string;
      file_type: string;
      width_px: number;
      height_px: number;
      duration_ms: number | null;
      file_size: number;
      thumbnail_path: string | null;
    }>(
      "select title, file_type, width_px, height_px, duration_ms, file_size, thumbnail_path from media_items where title like $1 order by title",
      [`${TOKEN}%`],
    );
    return rows;
  });
  expect(rows.map((row) => [row.title, row.file_type, row.file_type === "image" ? [row.width_px, row.height_px] : null])).toEqual([
    [`${TOKEN} dunes`, "image", [900, 1600]],
    [`${TOKEN} forest`, "image", [640, 640]],
    [`${TOKEN} harbour`, "image", [1600, 900]],
    [`${TOKEN} intro`, "video", null],
  ]);
  expect(Number(rows[3]!.file_size)).toBe(50 * 1024 * 1024);
  expect(rows[3]!.duration_ms).toBeGreaterThan(0);
  expect(rows.slice(0, 3).every((row) => row.thumbnail_path)).toBe(true);

  // Uploads are drafts: visitors see none of them yet.
  const visitor = await browser.newPage();
  await visitor.goto(`/media?lang=en&q=${TOKEN}`);
  await expect(visitor.getByTestId("media-empty")).toBeVisible();

  // Edit one: every field of the form is there, with a German title; the change is saved, then published.
  await page
    .getByTestId("upload")
    .filter({ hasText: `${TOKEN} harbour.png` })
    .getByRole("link", { name: /Edit details/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: `${TOKEN} harbour` })).toBeVisible();
  await page.getByLabel("Title", { exact: true }).fill(`${TOKEN} Harbour at dusk`);
  await page.getByLabel("Description", { exact: true }).fill("The harbour of Frankfurt in the evening.");
  await page.getByLabel("Title (Deutsch)").fill(`${TOKEN} Häfen am Abend`);
  await page.getByLabel("Link 1: label").fill("Photographer");
  await page.getByLabel("Link 1: URL").fill("https://photos.ipangel.test/harbour");
  await page.getByLabel("License", { exact: true }).fill("CC BY 4.0");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved. /media shows the change now.")).toBeVisible();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByTestId("media-publish-state")).toHaveText("Published: visitors see this item on /media.");
  await expect(page.getByRole("button", { name: "Back to draft" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The German page finds it by another German form of the word ("Hafen" for "Häfen"), in German;
  // the Spanish page shows the English title, marked as English.
  await visitor.goto(`/media?lang=de&q=${TOKEN} Hafen`);
  await expect(visitor.getByTestId("media-card").getByRole("heading", { name: `${TOKEN} Häfen am Abend` })).toBeVisible();
  await visitor.goto(`/media?lang=es&q=${TOKEN}`);
  const spanishCard = visitor.getByTestId("media-card");
  await expect(spanishCard.getByRole("heading", { name: `${TOKEN} Harbour at dusk` })).toHaveAttribute("lang", "en");
  await expect(spanishCard.getByTestId("media-fallback")).toHaveText("en inglés");

  // Bulk publish from the table: refused without a licence; with one (set over SQL), the other three go live.
  await gotoHydrated(page, `/admin/media?lang=en&q=${TOKEN}`);
  await expect(page.getByTestId("media-row")).toHaveCount(4);
  for (const name of ["dunes", "forest", "intro"]) await page.getByRole("checkbox", { name: `Select ${TOKEN} ${name}` }).check();
  await page.getByRole("button", { name: "Publish selected" }).click();
  await expect(page.getByText(/^Before publishing, give the item a title, a language and a license/)).toBeVisible();
  await withDatabase(e2eDataDir(), (client) =>
    client.query(`update media_items set license = '{"name": "CC0 1.0"}' where title like $1`, [`${TOKEN}%`]),
  );
  await page.getByRole("button", { name: "Publish selected" }).click();
  await expect(page.getByText("The selected items are published.")).toBeVisible();

  // Visitors see the items on /media now, in every language.
  for (const language of ["en", "de", "es"]) {
    await visitor.goto(`/media?lang=${language}&q=${TOKEN}`);
    await expect(visitor.getByTestId("media-card")).toHaveCount(4);
  }

  // Bulk delete from the table: the item is gone from /media too.
  await gotoHydrated(page, `/admin/media?lang=en&q=${TOKEN}`);
  await expect(page.getByTestId("media-row")).toHaveCount(4);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("checkbox", { name: `Select ${TOKEN} forest` }).check();
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Delete selected" }).click();
  await expect(page.getByText("Deleted. The items are gone from /media.")).toBeVisible();
  await expect(page.getByTestId("media-row")).toHaveCount(3);
  await visitor.goto(`/media?lang=en&q=${TOKEN}`);
  await expect(visitor.getByTestId("media-card")).toHaveCount(3);
  await visitor.close();
});

test("the inbox shows the unread count; a reply reaches the sender and stays in the thread", async ({ page }) => {
  test.setTimeout(120_000);
  const email = await createConsoleAccount("console-inbox", "editor");
  const sender = `${TOKEN.toLowerCase()}-${Date.now()}@example.com`;
  const response = await page.request.post("/contact", {
    form: { name: "Quill Sender", email: sender, subject: `${TOKEN} question`, message: "Can I use the harbour photo in a flyer?" },
    headers: { Origin: process.env.E2E_BASE_URL! },
  });
  expect(response.ok()).toBe(true);
  await signInPage(page, email);
  await gotoHydrated(page, `/admin/inbox?lang=en&q=${sender}`);
  await expect(page.getByTestId("unread-count")).toBeVisible();
  await expect(page.getByTestId("inbox-row").filter({ hasText: sender })).toContainText("New");
  await page.getByRole("link", { name: new RegExp(`${TOKEN} question`) }).click();
  await expect(page.getByTestId("inbox-message")).toContainText("Can I use the harbour photo in a flyer?");
  // Opening it marked it read (other specs add messages at the same time, so the row tells, not the count).
  const readAt = await withDatabase(e2eDataDir(), async (client) => {
    const { rows } = await client.query<{ read_at: Date | null }>("select read_at from contact_messages where email = $1", [sender]);
    return rows[0]!.read_at;
  });
  expect(readAt).not.toBeNull();
  await page.getByLabel("Your reply").fill("Yes, with the credit line from the item. Best regards");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("Reply queued for sending. This thread shows when it has gone out.")).toBeVisible();
  await expect(page.getByTestId("inbox-reply")).toContainText("Yes, with the credit line");
  const mail = await waitForMail(process.env.E2E_SMTP_API!, sender, /Re: Quillmere question/);
  // Once it has gone out (the sink has it a moment before the job records it), the thread says so.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("reply-delivery")).toHaveText("Email sent", { timeout: 1000 });
  }).toPass();
  expect(mail.text).toContain("Yes, with the credit line from the item.");
  expect(mail.text).toContain("> Can I use the harbour photo in a flyer?");
  await page.getByRole("button", { name: "Mark handled" }).click();
  await expect(page.getByText("Marked as handled.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
