import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../helpers/a11y";
import { createConsoleAccount, signInPage } from "../helpers/console";
import { e2eDataDir, withDatabase } from "../helpers/e2e-server";
import { gotoHydrated } from "../helpers/hydration";

/**
 * A language goes to a translator and comes back (ADR 0062): Spanish exported as XLIFF 2.0 from the
 * console, one target changed in a text editor, the file imported; the change is a draft in the page
 * editor and the public page is unchanged. The server is shared, so the draft is discarded at the end.
 */
const TRANSLATED = "Construye, con calma, lo que importa con";

test("export Spanish, change the file, import it: the change waits as a draft", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = await createConsoleAccount("console-translations", "admin");
  await signInPage(page, email);
  await gotoHydrated(page, "/admin/translations?lang=en");
  await expect(page.getByTestId("translation-home-es")).toHaveAttribute("data-state", /missing|outdated|upToDate/);
  await expectNoSeriousA11yViolations(page);

  await page.locator("#export-language").selectOption("es");
  await page.locator("#export-page").selectOption("home");
  await page.locator("#export-media").selectOption("none");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download" }).click()]);
  expect(download.suggestedFilename()).toBe("ipangel-home-en-es-published.xlf");
  const exported = await readFile(await download.path(), "utf8");
  expect(exported).toContain('version="2.0" srcLang="en" trgLang="es"');
  const edited = exported.replace(/(<unit id="hero\.titleStart">[\s\S]*?<target>)[^<]*(<\/target>)/, `$1${TRANSLATED}$2`);
  expect(edited).not.toBe(exported);

  await page
    .getByLabel("File", { exact: true })
    .setInputFiles({ name: "home-es.xlf", mimeType: "application/xliff+xml", buffer: Buffer.from(edited) });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("Imported as drafts. Nothing was published.")).toBeVisible();
  await expect(page.getByTestId("import-report")).toContainText("Home: 1 field changed in the draft.");

  await page.getByRole("link", { name: "Open the draft" }).click();
  await expect(page.locator('[data-path="hero.titleStart"]').getByRole("textbox")).toHaveValue(TRANSLATED);
  const visitor = await browser.newPage();
  await visitor.goto("/?lang=es");
  await expect(visitor.getByRole("heading", { level: 1 })).not.toContainText(TRANSLATED);
  await visitor.close();

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Discard draft" }).click();
  await expect(page.getByText("Draft discarded.")).toBeVisible();
});

test("a media item without a German text is listed as missing, and its link opens the item's German fields", async ({ page }) => {
  test.setTimeout(120_000);
  const title = `Untranslated service ${Date.now()}`;
  // A draft (not on /media) with no translation, made as the import would.
  const id = await withDatabase(e2eDataDir(), async (client) => {
    const { rows } = await client.query<{ id: string }>(
      "insert into media_items (title, file_type, language, service_kind, endpoint, published_at) values ($1, 'services', 'en', 'API', 'https://api.example.com', null) returning id",
      [title],
    );
    return rows[0]!.id;
  });
  try {
    const email = await createConsoleAccount("console-translations-media", "editor");
    await signInPage(page, email);
    await gotoHydrated(page, "/admin/translations?lang=de&media=de&state=missing");
    const section = page.getByTestId("media-translations-status");
    await expect(section.getByRole("heading", { name: "Medienbibliothek" })).toBeVisible();
    await expect(page.getByTestId("media-counts-de").getByRole("link", { name: /^Fehlt: [1-9]/ })).toBeVisible();
    const row = page.getByTestId("media-translations-list").getByRole("listitem").filter({ hasText: title });
    await expect(row).toHaveAttribute("data-state", "missing");
    await expect(row).toContainText("Original: English · Entwurf");
    await expectNoSeriousA11yViolations(page);

    await row.getByRole("link", { name: "Übersetzen (Deutsch)" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/media/${id}#translation-de$`));
    await expect(page.locator("#translation-de").getByLabel("Titel (Deutsch)")).toBeVisible();
  } finally {
    await withDatabase(e2eDataDir(), (client) => client.query("delete from media_items where id = $1", [id]));
  }
});

test("a media item's German title: start from English, export, translate in the file, import as a draft, publish in the form", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = `Tide table service ${Date.now()}`;
  const german = "Gezeitentabelle als Dienst";
  // A draft item (not on /media), so the shared server's public pages stay as they are.
  const id = await withDatabase(e2eDataDir(), async (client) => {
    const { rows } = await client.query<{ id: string }>(
      "insert into media_items (title, description, file_type, language, service_kind, endpoint, published_at) values ($1, 'High and low water by the hour', 'services', 'en', 'API', 'https://api.example.com', null) returning id",
      [title],
    );
    return rows[0]!.id;
  });
  const liveTitle = async () =>
    withDatabase(e2eDataDir(), async (client) => {
      const { rows } = await client.query<{ title: string | null }>(
        "select title from media_item_translations where media_item_id = $1 and language = 'de'",
        [id],
      );
      return rows[0]?.title ?? null;
    });
  try {
    const email = await createConsoleAccount("console-translations-media-file", "editor");
    await signInPage(page, email);
    await gotoHydrated(page, "/admin/translations?lang=en&media=de&state=missing");
    const row = page.getByTestId("media-translations-list").getByRole("listitem").filter({ hasText: title });
    await row.getByRole("button", { name: "Start from English" }).click();
    await expect(page.getByText("The original text is now in the draft.")).toBeVisible();
    await expect(row.getByTestId("media-translation-draft")).toHaveText("Translation waiting as a draft");
    expect(await liveTitle()).toBeNull();

    await page.locator("#export-language").selectOption("de");
    await page.locator("#export-page").selectOption("none");
    await page.locator("#export-text").selectOption("draft");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download" }).click()]);
    expect(download.suggestedFilename()).toBe("ipangel-none-media-en-de-draft.xlf");
    const exported = await readFile(await download.path(), "utf8");
    const unit = new RegExp(`(<file id="media\\.${id}">[\\s\\S]*?<unit id="title">[\\s\\S]*?<target>)[^<]*(</target>)`);
    expect(exported).toMatch(unit);
    const edited = exported.replace(unit, `$1${german}$2`);

    await page
      .getByLabel("File", { exact: true })
      .setInputFiles({ name: "media-de.xlf", mimeType: "application/xliff+xml", buffer: Buffer.from(edited) });
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByText("Imported as drafts. Nothing was published.")).toBeVisible();
    const changed = page
      .getByTestId("import-report")
      .getByRole("listitem")
      .filter({ hasText: `${title}: 1 text changed in the draft.` });
    expect(await liveTitle()).toBeNull();

    await changed.getByRole("link", { name: "Open the draft" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/media/${id}#translation-de$`));
    await expect(page.getByTestId("translation-draft-de")).toBeVisible();
    await expect(page.locator("#translation-de").getByLabel("Title (Deutsch)")).toHaveValue(german);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Saved. /media shows the change now.")).toBeVisible();
    expect(await liveTitle()).toBe(german);
    // The draft the form showed went live with the save: none waits any more.
    const waiting = await withDatabase(e2eDataDir(), (client) =>
      client.query("select 1 from media_item_translation_drafts where media_item_id = $1", [id]),
    );
    expect(waiting.rowCount).toBe(0);
  } finally {
    await withDatabase(e2eDataDir(), (client) => client.query("delete from media_items where id = $1", [id]));
  }
});
