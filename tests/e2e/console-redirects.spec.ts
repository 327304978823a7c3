import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../helpers/a11y";
import { createConsoleAccount, signedInRequest, signInPage, visitorRequest } from "../helpers/console";
import { gotoHydrated } from "../helpers/hydration";

/**
 * Redirects from old paths as an operator adds them (issue 23, ADR 0055): the old path lands on the
 * page, in any letter case and with a trailing slash, the visitor's query going along; a loop is
 * refused with its message; deleted, the old path is "not found" again. Only admins reach the door.
 * The test deletes what it adds (the e2e server is shared).
 */
test("an admin adds a redirect, a visitor lands on the page, a loop is refused, deleted it is gone", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = await createConsoleAccount("console-redirects", "admin");
  await signInPage(page, email);
  await gotoHydrated(page, "/admin/redirects?lang=en");
  await expect(page.getByRole("heading", { level: 1, name: "Redirects" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A row by its old path (the row's header cell), not by a target that names the same path.
  const row = (from: string) => page.getByTestId("redirect-row").filter({ has: page.getByRole("rowheader", { name: from, exact: true }) });
  const add = async (from: string, target: string) => {
    await page.getByLabel("Old path").fill(from);
    await page.getByLabel("Target").fill(target);
    await page.getByRole("button", { name: "Add redirect" }).click();
  };
  /** Added: its row shows, the form is empty again for the next one. */
  const added = async (from: string, target: string, shown = from) => {
    await add(from, target);
    await expect(row(shown)).toContainText(target);
    await expect(page.getByText("Redirect added.")).toBeVisible();
    await expect(page.getByLabel("Old path")).toHaveValue("");
  };
  await added("/Alte-Seite/2019/", "/about", "/alte-seite/2019");

  // A visitor (no session) with an old link: one permanent redirect, then the page.
  const visitor = await browser.newPage();
  const moved = await visitor.request.get("/ALTE-SEITE/2019/?utm_source=old", { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers()["location"]).toBe("/about?utm_source=old");
  expect(moved.headers()["cache-control"]).toBe("private, max-age=3600");
  await visitor.goto("/alte-seite/2019?lang=en");
  await expect(visitor).toHaveURL(/\/about\?lang=en$/);
  await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();

  // A loop through the stored redirects, and a path of the console, are refused with their messages.
  await added("/loop-a", "/loop-b");
  await added("/loop-b", "/loop-c");
  await add("/loop-c", "/Loop-A/");
  await expect(
    page.getByText("This redirect would close a loop with the existing ones: visitors would be sent round in a circle."),
  ).toBeVisible();
  await add("/admin/old", "/about");
  await expect(
    page.getByText("This path belongs to the console, sign-in, accounts or the site's files and cannot be redirected."),
  ).toBeVisible();
  await expect(page.getByTestId("redirect-row")).toHaveCount(3);

  // The same refusal in German.
  await gotoHydrated(page, "/admin/redirects?lang=de");
  await page.getByLabel("Alter Pfad").fill("/loop-c");
  await page.getByLabel("Ziel").fill("/loop-a");
  await page.getByRole("button", { name: "Weiterleitung hinzufügen" }).click();
  await expect(
    page.getByText("Diese Weiterleitung würde mit den vorhandenen eine Schleife bilden: Besucher würden im Kreis geschickt."),
  ).toBeVisible();

  // Signed out or without the admin role the door answers like an unknown path (console-access.spec.ts
  // compares the whole answer) and adds nothing.
  const editor = await signedInRequest(await createConsoleAccount("console-redirects-editor", "editor"));
  for (const [context, unknown] of [
    [await visitorRequest(), "/zz-no-such-page"],
    [editor, "/admin/zz-no-such-page"],
  ] as const) {
    const form = { intent: "add", from: "/sneaky", target: "/about" };
    const refused = await context.post("/admin/redirects", { form, maxRedirects: 0 });
    expect(refused.status()).toBe((await context.post(unknown, { form, maxRedirects: 0 })).status());
    expect([404, 405]).toContain(refused.status());
    await context.dispose();
  }
  expect((await visitor.request.get("/sneaky", { maxRedirects: 0 })).status()).toBe(404);

  // Deleted, the old path is not found again (a fresh browser: nothing remembered of the first answer).
  await gotoHydrated(page, "/admin/redirects?lang=en");
  page.on("dialog", (dialog) => void dialog.accept());
  for (const from of ["/alte-seite/2019", "/loop-a", "/loop-b"]) {
    await row(from).getByRole("button", { name: "Delete" }).click();
    await expect(row(from)).toHaveCount(0);
  }
  await expect(page.getByText("No redirects yet.")).toBeVisible();
  const gone = await visitor.request.get("/alte-seite/2019", { maxRedirects: 0 });
  expect(gone.status()).toBe(404);
  await visitor.close();

  await gotoHydrated(page, "/admin/audit?lang=en&entity=redirect");
  await expect(page.getByTestId("audit-entry").filter({ hasText: "Redirect created" })).toHaveCount(3);
  await expect(page.getByTestId("audit-entry").filter({ hasText: "Redirect deleted" })).toHaveCount(3);
});
