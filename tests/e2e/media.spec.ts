import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { gotoMedia } from "../helpers/hydration";
import { expectNoSeriousA11yViolations } from "../helpers/a11y";
import { importMediaFixtures, importMediaManifest } from "../helpers/e2e-server";

/**
 * The media library as a visitor sees it. The manifest is imported with the operator's command
 * into the running e2e server's data directory (the import attaches to the server's database).
 * Every title carries the token "Zebrafjord", so a demo library loaded at start-up does not matter.
 */
const TOKEN = "Zebrafjord";
let fixtureDir: string;

test.beforeAll(async () => {
  fixtureDir = await importMediaFixtures(TOKEN);
  // 27 services items (no files) under another token, for "Load more".
  const bulk = {
    items: Array.from({ length: 27 }, (_, i) => ({
      title: `Quokkaloop service ${String(i + 1).padStart(2, "0")}`,
      file_type: "services",
      service_kind: "Webhook",
      endpoint: "https://example.org/hook",
      created_at: new Date(Date.UTC(2024, 0, 1 + i)).toISOString(),
    })),
  };
  fs.writeFileSync(path.join(fixtureDir, "bulk.json"), JSON.stringify(bulk));
  await importMediaManifest(path.join(fixtureDir, "bulk.json"));
});

const cards = (page: Page) => page.getByTestId("media-card");
const card = (page: Page, title: string) =>
  cards(page).filter({ has: page.getByRole("heading", { name: `${TOKEN} ${title}`, exact: true }) });

test.describe("media library", () => {
  test("search, every filter, URL state and the back button", async ({ page }) => {
    // Newest first, the spec's order (also for a search; relevance is a choice, ADR 0069).
    await gotoMedia(page, `/media?q=${TOKEN}&sort=newest`);
    await expect(page.getByRole("heading", { level: 1, name: "Open Source Media Library" })).toBeVisible();
    await expect(cards(page)).toHaveCount(6);
    await expect(cards(page).first()).toContainText(`${TOKEN} Translation API`);
    await expect(cards(page).last()).toContainText(`${TOKEN} Logo pack`);
    // card facts: size in MB with 2 decimals, duration as minutes and seconds
    await expect(card(page, "Meditation tone")).toContainText("0.04 MB");
    await expect(card(page, "Meditation tone")).toContainText("0 min 3 s");

    const type = page.getByLabel("Type");
    // Words in English, the spec's filter values underneath (what the URL and an outside suite select by).
    // Each with how many items it leaves (ADR 0069).
    await expect(type.locator("option")).toHaveText([
      "All Types",
      "Documents (3)",
      "Images (1)",
      "Videos (0)",
      "Audio (1)",
      "Services (1)",
    ]);
    const values = await type.locator("option").evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(values).toEqual(["all", "document", "image", "video", "audio", "services"]);
    await type.selectOption("document");
    await expect(page).toHaveURL(/type=document/);
    await expect(cards(page)).toHaveCount(3);
    for (const title of ["Release notes", "Price list", "Häuser der Zukunft"]) await expect(card(page, title)).toHaveCount(1);

    const category = page.getByLabel("Category");
    // Each choice shows how many items it leaves (ADR 0069).
    await expect(category.locator("option").first()).toHaveText("All Categories");
    await expect(category.locator('option[value="brand"]')).toHaveText("Brand (1)");
    await category.selectOption("brand");
    // Categories by readable address (slug), not by id.
    await expect(page).toHaveURL(/category=brand(&|$)/);
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, "Price list")).toHaveCount(1);

    for (const [value, title] of [
      ["image", "Logo pack"],
      ["audio", null],
      ["services", null],
    ] as const) {
      await type.selectOption(value);
      await expect(page).toHaveURL(new RegExp(`type=${value}`));
      if (title) await expect(card(page, title)).toHaveCount(1);
      else await expect(page.getByText("No media items found")).toBeVisible();
    }

    await category.selectOption("");
    await type.selectOption("audio");
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, "Meditation tone")).toHaveCount(1);
    await type.selectOption("services");
    await expect(card(page, "Translation API")).toHaveCount(1);

    // Back returns to the previous filters, and the controls follow.
    await page.goBack();
    await expect(page).toHaveURL(/type=audio/);
    await expect(type).toHaveValue("audio");
    await expect(card(page, "Meditation tone")).toHaveCount(1);

    // The search box reloads the list after typing; stemming: "Häusern" finds "Häuser".
    await type.selectOption("all");
    const search = page.getByRole("searchbox", { name: "Search media" });
    await search.fill(`${TOKEN} Häusern`);
    await expect(page).toHaveURL(/q=Zebrafjord\+H%C3%A4usern|q=Zebrafjord%20H%C3%A4usern/);
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, "Häuser der Zukunft")).toHaveCount(1);

    // A shared link renders the same result on the server.
    const shared = page.url();
    const fresh = await page.context().newPage();
    await gotoMedia(fresh, shared);
    await expect(fresh.getByRole("searchbox", { name: "Search media" })).toHaveValue(`${TOKEN} Häusern`);
    await expect(cards(fresh)).toHaveCount(1);
    await fresh.close();

    await search.fill(`${TOKEN} qqqnothing`);
    await expect(page.getByText("No media items found")).toBeVisible();
  });

  test("the dialog shows related rows; a related card opens that item in the dialog", async ({ page }) => {
    await gotoMedia(page, `/media?q=${TOKEN}`);
    await card(page, "Logo pack")
      .getByRole("button", { name: /^Details/ })
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: `${TOKEN} Logo pack` })).toBeVisible();
    const sameCategory = dialog.getByRole("region", { name: "Same category" });
    await expect(sameCategory).toBeVisible();
    // The item itself is never its own relative.
    await expect(sameCategory.getByRole("link", { name: new RegExp(`${TOKEN} Logo pack`) })).toHaveCount(0);
    const first = sameCategory.getByRole("link").first();
    const title = (await first.locator("span.line-clamp-2").textContent())!.trim();
    const before = page.url();
    await first.click();
    await expect(dialog.getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();
    expect(page.url()).not.toBe(before);
    await expect(page).toHaveURL(/item=[0-9a-f-]{36}/);
  });

  test("attribution in four formats, the deed in the reader's language, copied with a spoken 'Copied'", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await gotoMedia(page, `/media?q=${TOKEN}&lang=de`);
    await card(page, "Logo pack")
      .getByRole("button", { name: /^Details/ })
      .click();
    const section = page.getByRole("dialog").getByTestId("media-attribution");
    const preview = section.getByTestId("attribution-preview");
    // Rich text first: the licence links its German deed.
    await expect(preview.getByRole("link", { name: "CC BY 4.0" })).toHaveAttribute(
      "href",
      "https://creativecommons.org/licenses/by/4.0/deed.de",
    );
    await section.getByText("Reiner Text", { exact: true }).click();
    await expect(preview).toHaveText(
      `„${TOKEN} Logo pack“ von IP Angel Studio ist lizenziert unter CC BY 4.0. Eine Kopie dieser Lizenz finden Sie unter https://creativecommons.org/licenses/by/4.0/deed.de`,
    );
    await section.getByRole("button", { name: "Namensnennung kopieren" }).click();
    await expect(section.getByRole("status")).toHaveText("Kopiert");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("deed.de");
    await section.getByText("XML", { exact: true }).click();
    await expect(preview).toContainText(`<dc:title>${TOKEN} Logo pack</dc:title>`);
    await expect(section.getByRole("status")).toHaveText("");
  });

  test("detail dialog opens by click and by ?item=, shows every field, closes with Escape", async ({ page, request }) => {
    await gotoMedia(page, `/media?q=${TOKEN}`);
    await card(page, "Logo pack")
      .getByRole("button", { name: /^Details/ })
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: `${TOKEN} Logo pack` })).toBeVisible();
    await expect(page).toHaveURL(/item=[0-9a-f-]{36}/);
    await expect(dialog).toContainText("AI-generated");
    await expect(dialog).toContainText("1200 × 630 px");
    await expect(dialog).toContainText("CC BY 4.0");
    await expect(dialog).toContainText("CC-BY-4.0");
    await expect(dialog).toContainText("Credit IP Angel when you use it.");
    await expect(dialog.getByRole("link", { name: /Read the license/ })).toHaveAttribute(
      "href",
      "https://creativecommons.org/licenses/by/4.0/",
    );
    await expect(dialog.getByTestId("attribution-text")).toHaveText("Logo pack by IP Angel Studio, CC BY 4.0");
    await expect(dialog.getByRole("button", { name: "Copy attribution" })).toBeVisible();
    await expect(dialog).toContainText("@ipangel");
    await expect(dialog).toContainText("IP Angel · Branding");
    // underscores in link labels are shown as spaces
    await expect(dialog.getByRole("link", { name: /^Project Page/ })).toHaveAttribute("href", "https://example.org/logo");
    await expect(dialog).toContainText("Version");
    await expect(dialog).toContainText("English");
    await expect(dialog.getByTestId("download-count")).toHaveText("0");

    const url = page.url();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/item=/);
    // Keyboard users continue where they were: focus is back on the button that opened the dialog.
    await expect(card(page, "Logo pack").getByRole("button", { name: /^Details/ })).toBeFocused();

    // linkable: the server renders the dialog open
    const html = await (await request.get(url)).text();
    expect(html).toContain('role="dialog"');
    await gotoMedia(page, url);
    await expect(page.getByRole("dialog").getByRole("heading", { name: `${TOKEN} Logo pack` })).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    // Opened by a link, focus lands on the item's card rather than the top of the page.
    await expect(card(page, "Logo pack").getByRole("button", { name: /^Details/ })).toBeFocused();
  });

  test("on a phone the long dialog keeps Preview and the download button in view", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoMedia(page, `/media?q=${TOKEN}`);
    await card(page, "Logo pack")
      .getByRole("button", { name: /^Details/ })
      .click();
    const dialog = page.getByRole("dialog");
    // The content is taller than the screen (license, attribution, links)...
    expect(await dialog.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await expect(dialog.getByRole("link", { name: /^Project Page/ })).not.toBeInViewport();
    // ...but the actions stay reachable without scrolling.
    await expect(dialog.getByRole("button", { name: "Preview" })).toBeInViewport();
    await expect(dialog.getByRole("button", { name: "Sign in" })).toBeInViewport();
  });

  test("a visitor's preview opens a rendition in a new tab through a signed URL, never the original", async ({ page, context }) => {
    await gotoMedia(page, `/media?q=${TOKEN}`);
    const popupPromise = context.waitForEvent("page");
    await card(page, "Logo pack")
      .getByRole("button", { name: /^Preview/ })
      .click();
    const popup = await popupPromise;
    await expect.poll(() => popup.url()).toMatch(/\/files\/media-files\/items\/[0-9a-f-]{36}\/thumbnail\.webp\?expires=\d+&sig=/);
    // A visitor's preview is the re-encoded rendition (ADR 0069); the original is for members.
    const response = await page.request.get(popup.url());
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/webp");
    expect(Buffer.compare(await response.body(), fs.readFileSync(path.join(fixtureDir, "files/logo.png")))).not.toBe(0);
    // A tampered signature is refused.
    const tampered = popup.url().replace(/sig=([^&]{4})/, "sig=AAAA");
    expect((await page.request.get(tampered)).status()).toBe(403);
    await popup.close();
  });

  test("a failing preview shows 'Preview failed' and opens no tab", async ({ page, context }) => {
    await gotoMedia(page, `/media?q=${TOKEN}`);
    await page.route("**/api/media/*/preview*", (route) => route.fulfill({ status: 500, body: "boom" }));
    let opened = false;
    context.on("page", () => (opened = true));
    await card(page, "Logo pack")
      .getByRole("button", { name: /^Preview/ })
      .click();
    await expect(page.getByText("Preview failed")).toBeVisible();
    await expect(page.getByText("Failed to preview the file")).toBeVisible();
    expect(opened).toBe(false);
  });

  test("a failing list load shows 'Error' / 'Failed to load media items'", async ({ page }) => {
    await gotoMedia(page, `/media?q=${TOKEN}`);
    // Only the media route's own data request fails (the client loader asks for it separately).
    await page.route(
      (url) => url.pathname === "/media.data" && url.searchParams.get("_routes") === "routes/media",
      (route) => route.fulfill({ status: 500, body: "boom" }),
    );
    await page.getByLabel("Type").selectOption("image");
    await expect(page.getByText("Failed to load media items")).toBeVisible();
    // The previous list stays on screen.
    await expect(cards(page)).toHaveCount(6);
  });

  test("visitors cannot download: disabled 'Sign in' button, toast, /auth, and 401 from the endpoint", async ({ page, request }) => {
    await gotoMedia(page, `/media?q=${TOKEN}`);
    const signIn = card(page, "Logo pack").getByRole("button", { name: "Sign in" });
    await expect(signIn).toBeDisabled();
    await signIn.click({ force: true });
    await expect(page.getByText("Authentication Required")).toBeVisible();
    await expect(page.getByText("Please sign in to download files")).toBeVisible();
    // The way back to the same item (with its dialog) travels along.
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fmedia%3Fq%3D\w+%26item%3D[0-9a-f-]{36}$/);

    await gotoMedia(page, `/media?q=${TOKEN}`);
    await card(page, "Logo pack")
      .getByRole("button", { name: /^Details/ })
      .click();
    await expect(page).toHaveURL(/item=[0-9a-f-]{36}/);
    const id = new URL(page.url()).searchParams.get("item");
    const response = await request.post(`/api/media/${id}/download`);
    expect(response.status()).toBe(401);
    expect((await request.get(`/api/media/${id}/download`)).status()).toBe(401);
    // The count did not move.
    await page.reload();
    await expect(page.getByRole("dialog").getByTestId("download-count")).toHaveText("0");
  });

  test("a services item shows its kind, endpoint and links instead of a download", async ({ page }) => {
    await gotoMedia(page, `/media?q=${TOKEN}&type=services`);
    const service = card(page, "Translation API");
    await expect(service).toContainText("REST API");
    await expect(service.getByRole("link", { name: "Open service" })).toHaveAttribute("href", "https://api.example.org/translate");
    await expect(service.getByRole("button", { name: "Sign in" })).toHaveCount(0);
    await expect(service.getByRole("button", { name: /^Preview/ })).toHaveCount(0);
    await service.getByRole("button", { name: /^Details/ }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Service kind");
    await expect(dialog.getByRole("link", { name: /api\.example\.org\/translate/ })).toBeVisible();
    await expect(dialog.getByRole("link", { name: /^API Docs/ })).toHaveAttribute("href", "https://example.org/docs");
  });

  test("on a phone the filters wait behind one 'Filters (n)' button and the first result is in the first screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoMedia(page, `/media?q=${TOKEN}&type=document`);
    const toggle = page.getByTestId("media-filters-toggle");
    await expect(toggle).toHaveText(/^Filters \(1\)/);
    await expect(page.getByLabel("Category")).toBeHidden();
    await expect(cards(page).first()).toBeInViewport();
    await toggle.click();
    await expect(page.getByLabel("Category")).toBeVisible();
    expect((await toggle.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  });

  test("Load more appends the next page, newest first, without repeats", async ({ page }) => {
    await gotoMedia(page, "/media?q=Quokkaloop&sort=newest");
    await expect(cards(page)).toHaveCount(24);
    await expect(cards(page).first()).toContainText("Quokkaloop service 27");
    // From the keyboard: cards out of view are drawn at an estimated height until scrolled near (ADR 0093),
    // so a pointer aimed right after an instant scroll to the page's end can press where the link was a frame
    // before and let go where it is now, which is no click (seen on a busy machine, 2 in 16 runs).
    await page.getByRole("link", { name: "Load more" }).focus();
    await page.keyboard.press("Enter");
    await expect(cards(page)).toHaveCount(27);
    await expect(cards(page).last()).toContainText("Quokkaloop service 01");
    await expect(page.getByRole("link", { name: "Load more" })).toHaveCount(0);
    const titles = await cards(page).getByRole("heading").allTextContents();
    expect(new Set(titles).size).toBe(27);
  });

  test("encoded traversal attempts against the running server get 403", async ({ request }) => {
    for (const raw of [
      "/files/media-files/%2e%2e/secrets/auth-secret",
      "/files/media-files/..%2fsecrets%2fauth-secret",
      "/files/media-files/%252e%252e%252fsecrets%252fauth-secret",
      "/files/avatars/%2e%2e%2fsecrets%2fauth-secret",
    ]) {
      expect((await request.get(raw)).status(), raw).toBe(403);
    }
  });

  for (const [lang, heading] of [
    ["en", "Open Source Media Library"],
    ["de", "Open-Source-Medienbibliothek"],
    ["es", "Biblioteca multimedia de código abierto"],
  ] as const) {
    test(`/media in ${lang} has no serious accessibility violations, also with the dialog open`, async ({ page }) => {
      await gotoMedia(page, `/media?lang=${lang}&q=${TOKEN}`);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await cards(page).first().getByRole("button").first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});
