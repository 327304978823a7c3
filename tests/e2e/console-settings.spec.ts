import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../helpers/a11y";
import { createConsoleAccount, signInPage } from "../helpers/console";
import { importMediaManifest } from "../helpers/e2e-server";
import { gotoHydrated } from "../helpers/hydration";
import { makePng } from "../helpers/media-fixtures";

/**
 * Site settings as an operator fills them in (issue 11): the imprint facts typed in the console
 * show on /imprint and /contact at once, in every language, without a restart; the console
 * warns while the imprint is incomplete; the change is in the audit log. The test puts the
 * settings back afterwards, since the e2e server is shared.
 */
const FACTS = {
  "Legal name": "Kestrel Angel Media (Jane Doe)",
  "Responsible person": "Jane Doe",
  "Street and number": "Mainzer Landstraße 77",
  Phone: "+49 69 5550123",
  Email: "office@kestrel-angel.test",
};

test("an admin fills in the imprint; it is live on /imprint and /contact and in the audit log", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = await createConsoleAccount("console-settings", "admin");
  await signInPage(page, email);
  await gotoHydrated(page, "/admin/settings?lang=en");
  await expect(page.getByTestId("imprint-warning")).toContainText("The legal notice is incomplete");
  await expectNoSeriousA11yViolations(page);

  for (const [label, value] of Object.entries(FACTS)) await page.getByLabel(label, { exact: false }).first().fill(value);
  // A bad value is refused with its own message and nothing is saved.
  await page.getByLabel("Academy URL").fill("not a url");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Please correct the marked fields.")).toBeVisible();
  await expect(page.getByText("Enter a full web address starting with https://.")).toBeVisible();
  await page.getByLabel("Academy URL").fill("https://learn.kestrel-angel.test");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Settings saved. The public pages show them now.")).toBeVisible();
  await expect(page.getByTestId("imprint-warning")).toHaveCount(0);

  // A visitor (no session, so the page cache applies) sees the facts at once.
  const visitor = await browser.newPage();
  for (const language of ["en", "de", "es"]) {
    await visitor.goto(`/imprint?lang=${language}`);
    const main = visitor.getByRole("main");
    for (const value of Object.values(FACTS)) await expect(main).toContainText(value);
    await visitor.goto(`/contact?lang=${language}`);
    const info = visitor.getByRole("complementary");
    await expect(info).toContainText("Mainzer Landstraße 77");
    await expect(info.getByRole("link", { name: "+49 69 5550123" })).toHaveAttribute("href", "tel:+49695550123");
    await expect(info.getByRole("link", { name: "office@kestrel-angel.test" })).toHaveAttribute("href", "mailto:office@kestrel-angel.test");
  }
  await visitor.goto("/platforms?lang=en");
  await expect(visitor.getByTestId("platform-academy").getByRole("link")).toHaveAttribute("href", "https://learn.kestrel-angel.test");
  await visitor.close();

  await gotoHydrated(page, "/admin/audit?lang=en&entity=settings");
  const entry = page.getByTestId("audit-entry").filter({ hasText: email }).first();
  await expect(entry).toContainText("Site settings changed");
  await expect(entry.getByRole("row", { name: /Street and number/ })).toContainText("Mainzer Landstraße 77");

  // Put the shared server back as it was: empty fields fall back to the defaults.
  await gotoHydrated(page, "/admin/settings?lang=en");
  for (const label of [...Object.keys(FACTS), "Academy URL"]) await page.getByLabel(label, { exact: false }).first().fill("");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Settings saved. The public pages show them now.")).toBeVisible();
  await expect(page.getByTestId("imprint-warning")).toBeVisible();
});

test("an admin chooses a logo and a brand colour; a visitor's page shows both, a colour below AA is refused", async ({ page, browser }) => {
  test.setTimeout(180_000);
  // A 4:1 logo in the library (a draft is enough; here a published item), imported as the operator's import does.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "brand-e2e-"));
  fs.mkdirSync(path.join(dir, "files"));
  fs.writeFileSync(path.join(dir, "files/logo.png"), await makePng(400, 100, { r: 255, g: 176, b: 0 }));
  const title = `Brand logo ${Date.now()}`;
  const manifest = { categories: [], items: [{ title, file_type: "image", file: "files/logo.png", language: "en", categories: [] }] };
  fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest));
  expect(await importMediaManifest(path.join(dir, "manifest.json"))).toMatch(/rejected: 0/);

  const email = await createConsoleAccount("console-brand", "admin");
  await signInPage(page, email);
  await gotoHydrated(page, "/admin/settings?lang=en");
  const brand = page.getByRole("form", { name: "Brand" });
  await brand.getByLabel("Logo").selectOption({ label: `${title} (PNG)` });
  await brand.getByLabel("Brand colour").fill("#1d4ed8");
  await brand.getByRole("button", { name: "Save brand" }).click();
  await expect(brand.getByText("This colour has too little contrast with the dark background")).toBeVisible();
  await brand.getByLabel("Brand colour").fill("#ffb000");
  await brand.getByRole("button", { name: "Save brand" }).click();
  await expect(brand.getByText("Brand saved. The public pages show it now.")).toBeVisible();

  // A visitor (the page cache applies) sees the logo, loaded from the site, and buttons in the brand colour.
  const visitor = await browser.newPage();
  await visitor.goto("/?lang=de");
  const logo = visitor.getByRole("banner").locator('img[src^="/brand/logo?v="]');
  await expect(logo).toHaveAttribute("width", "128");
  expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(400);
  const button = visitor.locator("main .btn-default").first();
  await expect(button).toHaveCSS("background-color", "rgb(255, 176, 0)");
  await visitor.close();

  // Put the shared server back: the product's own logo and colour.
  await brand.getByLabel("Logo").selectOption({ label: "None (the built-in one)" });
  await brand.getByLabel("Brand colour").fill("");
  await brand.getByRole("button", { name: "Save brand" }).click();
  await expect(brand.getByText("Brand saved. The public pages show it now.")).toBeVisible();
});
