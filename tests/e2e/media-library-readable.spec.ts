import { expect, test, type Page } from "@playwright/test";
import { importMediaFixtures, e2eDataDir, withDatabase } from "../helpers/e2e-server";
import { gotoHydrated } from "../helpers/hydration";

/**
 * A library people can read: result count, badges named like the filters, the item's language,
 * readable category addresses, sizes that never say "0.00 MB", and previews inside the dialog.
 */
const TOKEN = "Marrowdale";

test.beforeAll(async () => {
  // The import starts a Node process and renders a PDF page: slow on a busy machine.
  test.setTimeout(180_000);
  await importMediaFixtures(TOKEN);
});

const cards = (page: Page) => page.getByTestId("media-card");
const card = (page: Page, title: string) =>
  cards(page).filter({ has: page.getByRole("heading", { name: `${TOKEN} ${title}`, exact: true }) });

async function openDialog(page: Page, title: string) {
  await card(page, title)
    .getByRole("button", { name: /^Details/ })
    .click();
  const dialog = page.getByRole("dialog", { name: `${TOKEN} ${title}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("a library people can read", () => {
  test("count, badges, item language and language filter, in three languages", async ({ page }) => {
    await gotoHydrated(page, `/media?q=${TOKEN}&lang=en`);
    await expect(cards(page)).toHaveCount(6);
    await expect(page.getByTestId("media-count")).toHaveText("6 items");
    // Filed under "document": the badge says so, and which kind.
    await expect(card(page, "Häuser der Zukunft").getByTestId("media-type")).toHaveText("document · PDF");
    await expect(card(page, "Price list").getByTestId("media-type")).toHaveText("document · spreadsheet");
    await expect(card(page, "Logo pack").getByTestId("media-type")).toHaveText("image");
    // Items in another language than the page say which.
    await expect(card(page, "Häuser der Zukunft").getByTestId("media-language")).toHaveText(/Deutsch/);
    await expect(card(page, "Release notes").getByTestId("media-language")).toHaveText(/Español/);
    await expect(card(page, "Logo pack").getByTestId("media-language")).toHaveCount(0);
    // Small files: never 0.00 MB.
    await expect(card(page, "Price list")).toContainText("< 0.01 MB");
    await expect(page.getByRole("main")).not.toContainText("0.00 MB");

    await page.getByLabel("Language", { exact: true }).selectOption("de");
    await expect(page).toHaveURL(/language=de/);
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByTestId("media-count")).toHaveText("1 item");
    await expect(card(page, "Häuser der Zukunft")).toBeVisible();

    await gotoHydrated(page, `/media?q=${TOKEN}&lang=de`);
    await expect(page.getByTestId("media-count")).toHaveText("6 Einträge");
    await expect(page.getByLabel("Typ")).toContainText("Dokument");
    await expect(card(page, "Häuser der Zukunft").getByTestId("media-language")).toHaveCount(0);
    await expect(card(page, "Logo pack").getByTestId("media-language")).toHaveText(/English/);
    await expect(card(page, "Price list")).toContainText("< 0,01 MB");

    await gotoHydrated(page, `/media?q=${TOKEN}&lang=es&type=document`);
    await expect(page.getByTestId("media-count")).toHaveText("3 elementos");
    await expect(card(page, "Price list").getByTestId("media-type")).toHaveText("documento · hoja de cálculo");
  });

  test("category addresses are readable, and old links by id still work", async ({ page }) => {
    await gotoHydrated(page, `/media?q=${TOKEN}&lang=en`);
    await page.getByLabel("Category").selectOption("tutorials");
    await expect(page).toHaveURL(/category=tutorials(&|$)/);
    await expect(cards(page)).toHaveCount(2);
    const id = await withDatabase(e2eDataDir(), async (client) => {
      const { rows } = await client.query<{ id: string }>("select id from categories where name = 'Tutorials'");
      return rows[0]!.id;
    });
    await gotoHydrated(page, `/media?q=${TOKEN}&category=${id}`);
    await expect(cards(page)).toHaveCount(2);
    await expect(page.getByLabel("Category")).toHaveValue("tutorials");
  });

  test("previews in the dialog: image lightbox, audio player, PDF page, CSV and text as text", async ({ page, context }) => {
    await gotoHydrated(page, `/media?q=${TOKEN}&lang=en`);

    let dialog = await openDialog(page, "Logo pack");
    await dialog.getByRole("button", { name: `Enlarge ${TOKEN} Logo pack` }).click();
    const lightbox = page.getByTestId("media-lightbox");
    await expect(lightbox).toBeVisible();
    await expect(lightbox.locator("img")).toHaveJSProperty("complete", true);
    // A visitor's enlarged image is the rendition (480 px wide), not the 1200 px original (ADR 0069).
    expect(await lightbox.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
    // Escape closes the lightbox only; a second Escape the dialog.
    await page.keyboard.press("Escape");
    await expect(lightbox).toBeHidden();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    dialog = await openDialog(page, "Meditation tone");
    const audio = dialog.getByTestId("media-preview-audio");
    await expect(audio).toBeVisible();
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.readyState)).toBeGreaterThan(0);
    expect(await audio.evaluate((element: HTMLAudioElement) => Math.round(element.duration * 10) / 10)).toBe(2.5);
    await page.keyboard.press("Escape");

    dialog = await openDialog(page, "Price list");
    await expect(dialog.getByTestId("media-preview-text")).toHaveText("product,price\nlamp,12.50\ndesk,199.00\n");
    // "Preview" still opens the file alone in a new tab, shown as text rather than saved.
    const tab = context.waitForEvent("page");
    await dialog.getByRole("button", { name: "Preview", exact: true }).click();
    const opened = await tab;
    await opened.waitForLoadState();
    await expect(opened.locator("body")).toContainText("lamp,12.50");
    await opened.close();
    await page.keyboard.press("Escape");

    dialog = await openDialog(page, "Release notes");
    await expect(dialog.getByTestId("media-preview-text")).toHaveText("Plain text notes about the library.\n");
    await page.keyboard.press("Escape");

    dialog = await openDialog(page, "Häuser der Zukunft");
    const pdfPage = dialog.getByTestId("media-preview-image").locator("img");
    await expect(pdfPage).toHaveAttribute("alt", `First page of ${TOKEN} Häuser der Zukunft`);
    await expect(pdfPage).toHaveJSProperty("complete", true);
    expect(await pdfPage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  });
});
