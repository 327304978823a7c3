import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { createAccount, signInPage } from "../helpers/console";
import { e2eDataDir, importMediaFixtures, withDatabase } from "../helpers/e2e-server";
import { gotoHydrated } from "../helpers/hydration";

/**
 * The media library as a signed-in customer uses it (spec §4 download button, §6, §7.5, §8 toasts).
 * Items carry their own token, so the counts here never meet those of media.spec.ts.
 */
const TOKEN = "Kestrelmoor";
let fixtureDir: string;

test.beforeAll(async () => {
  fixtureDir = await importMediaFixtures(TOKEN);
});

const card = (page: Page, title: string) =>
  page.getByTestId("media-card").filter({ has: page.getByRole("heading", { name: `${TOKEN} ${title}`, exact: true }) });

async function storedDownloadCount(id: string) {
  return withDatabase(e2eDataDir(), async (client) => {
    const { rows } = await client.query<{ download_count: number }>("select download_count from media_items where id = $1", [id]);
    return rows[0]!.download_count;
  });
}

test.describe("media library, signed in", () => {
  test("Download from the dialog saves the stored file, shows the busy state and toast, and counts once", async ({ page, request }) => {
    await signInPage(page, await createAccount("media-download"));
    await gotoHydrated(page, `/media?q=${TOKEN}`);
    const logo = card(page, "Logo pack");
    await expect(logo.getByRole("button", { name: "Sign in" })).toHaveCount(0);
    await expect(logo.getByRole("button", { name: "Download", exact: true })).toBeEnabled();

    await logo.getByRole("button", { name: /^Details/ }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: `${TOKEN} Logo pack` })).toBeVisible();
    const id = new URL(page.url()).searchParams.get("item")!;
    // Relative to the count before, so a retry or --repeat-each on the same server still holds.
    const before = await storedDownloadCount(id);
    await expect(dialog.getByTestId("download-count")).toHaveText(String(before));

    // Hold the request so the "downloading" state (spec §4) can be seen before the answer arrives.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/media/${id}/download`, async (route) => {
      await held;
      await route.continue();
    });
    const downloadEvent = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Download", exact: true }).click();
    const busy = dialog.getByRole("button", { name: "Downloading..." });
    await expect(busy).toBeDisabled();
    release();

    const download = await downloadEvent;
    expect(download.suggestedFilename()).toBe(`${TOKEN} Logo pack.png`);
    const saved = fs.readFileSync((await download.path())!);
    expect(Buffer.compare(saved, fs.readFileSync(path.join(fixtureDir, "files/logo.png")))).toBe(0);
    await expect(page.getByText("Download started")).toBeVisible();
    await expect(page.getByText(`Downloading ${TOKEN} Logo pack`)).toBeVisible();
    await expect(busy).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Download", exact: true })).toBeEnabled();

    // One download, one count: on screen, in the database, and after a reload.
    await expect(dialog.getByTestId("download-count")).toHaveText(String(before + 1));
    expect(await storedDownloadCount(id)).toBe(before + 1);
    await page.reload();
    await expect(page.getByRole("dialog").getByTestId("download-count")).toHaveText(String(before + 1));

    // Without the session the endpoint refuses, and the count stays.
    expect((await request.post(`/api/media/${id}/download`)).status()).toBe(401);
    expect(await storedDownloadCount(id)).toBe(before + 1);
  });

  test("a session that ended elsewhere gets 'Authentication Required' and /auth, with no count", async ({ page, context }) => {
    await signInPage(page, await createAccount("media-ended"));
    await gotoHydrated(page, `/media?q=${TOKEN}`);
    const tone = card(page, "Meditation tone");
    await tone.getByRole("button", { name: /^Details/ }).click();
    await expect(page.getByRole("dialog").getByRole("heading", { name: `${TOKEN} Meditation tone` })).toBeVisible();
    const id = new URL(page.url()).searchParams.get("item")!;
    const before = await storedDownloadCount(id);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();

    // Log out in another tab of the same browser: this page still shows the Download button.
    const other = await context.newPage();
    await gotoHydrated(other, "/");
    await other.getByRole("banner").getByRole("button", { name: "Logout" }).click();
    await expect(other.getByRole("banner").getByRole("link", { name: "Get Started" })).toBeVisible();
    await other.close();

    let downloads = 0;
    page.on("download", () => downloads++);
    await tone.getByRole("button", { name: "Download", exact: true }).click();
    await expect(page.getByText("Authentication Required")).toBeVisible();
    await expect(page.getByText("Please sign in to download files")).toBeVisible();
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fmedia/);
    expect(downloads).toBe(0);
    expect(await storedDownloadCount(id)).toBe(before);
  });

  test("a failing download shows 'Download failed' and the button becomes usable again", async ({ page }) => {
    await signInPage(page, await createAccount("media-failed"));
    await gotoHydrated(page, `/media?q=${TOKEN}`);
    await page.route("**/api/media/*/download", (route) => route.fulfill({ status: 500, body: "boom" }));
    let downloads = 0;
    page.on("download", () => downloads++);
    const pdf = card(page, "Häuser der Zukunft");
    await pdf.getByRole("button", { name: "Download", exact: true }).click();
    await expect(page.getByText("Download failed")).toBeVisible();
    await expect(page.getByText("Failed to download the file")).toBeVisible();
    await expect(pdf.getByRole("button", { name: "Download", exact: true })).toBeEnabled();
    await expect(page.getByText("Download started")).toHaveCount(0);
    expect(downloads).toBe(0);
  });
});
