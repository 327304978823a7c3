import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createConsoleAccount, signInPage } from "../helpers/console";
import { e2eDataDir, withDatabase } from "../helpers/e2e-server";
import { gotoHydrated } from "../helpers/hydration";
import { makeWav } from "../helpers/media-fixtures";

/**
 * The picture of an uploaded video or sound (ADR 0093): the editor's browser draws a frame of the video
 * and the waveform of the sound and sends it with the file; the server, which decodes neither, makes the
 * card's picture from it. Titles carry a token so other specs on the shared server never meet them.
 */
const TOKEN = "Ferncastle";

test("an uploaded browser recording and a sound get the picture their uploader's browser drew, and the card shows it", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = await createConsoleAccount("console-media-pictures", "editor");
  await signInPage(page, email);
  await gotoHydrated(page, "/admin/media/new?lang=en");

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "console-pictures-"));
  const recording = path.join(folder, `${TOKEN} recording.webm`);
  fs.copyFileSync(path.resolve(import.meta.dirname, "../fixtures/browser-recording.webm"), recording);
  const sound = path.join(folder, `${TOKEN} tone.wav`);
  fs.writeFileSync(sound, makeWav(2000));
  await page.locator('input[type="file"]').setInputFiles([recording, sound]);
  await expect(page.getByTestId("upload").and(page.locator('[data-status="done"]'))).toHaveCount(2, { timeout: 60_000 });
  fs.rmSync(folder, { recursive: true, force: true });

  // The files are stored as they were sent (the picture travelled apart from them), each with a picture.
  const rows = await withDatabase(e2eDataDir(), async (client) => {
    const { rows } = await client.query<{ id: string; title: string; file_size: number; thumbnail_path: string | null }>(
      "select id, title, file_size, thumbnail_path from media_items where title like $1 order by title",
      [`${TOKEN}%`],
    );
    return rows;
  });
  expect(rows.map((row) => row.title)).toEqual([`${TOKEN} recording`, `${TOKEN} tone`]);
  expect(Number(rows[0]!.file_size)).toBe(fs.statSync(path.resolve(import.meta.dirname, "../fixtures/browser-recording.webm")).size);
  expect(rows.every((row) => row.thumbnail_path?.endsWith("/thumbnail.webp"))).toBe(true);

  // Published, the recording's card shows the frame as a picture with its size, and no video.
  await gotoHydrated(page, `/admin/media/${rows[0]!.id}?lang=en`);
  // The console shows the picture beside the file's facts.
  await expect(page.locator(`img[src*="/items/${rows[0]!.id}/thumbnail.webp"]`)).toBeVisible();
  await page.getByLabel("License", { exact: true }).fill("CC BY 4.0");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved. /media shows the change now.")).toBeVisible();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByTestId("media-publish-state")).toHaveText("Published: visitors see this item on /media.");
  const visitor = await browser.newPage();
  await visitor.goto(`/media?lang=en&q=${TOKEN}`);
  const card = visitor.getByRole("article", { name: `${TOKEN} recording` });
  await expect(card.locator("video")).toHaveCount(0);
  const picture = card.locator("img");
  await expect(picture).toHaveAttribute("width", "480");
  await expect(picture).toHaveAttribute("height", "270");
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(new RegExp(`^http.*/page-images/${rows[0]!.id}\\?`));
  await visitor.close();
});
