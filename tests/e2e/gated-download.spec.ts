import { expect, test, type Page } from "@playwright/test";
import { fillSignUp, logIn, smtpApi, uniqueEmail } from "../helpers/accounts";
import { CONSOLE_PASSWORD as PASSWORD, createAccount } from "../helpers/console";
import { importMediaFixtures } from "../helpers/e2e-server";
import { gotoHydrated, waitForHydration } from "../helpers/hydration";
import { linksIn, waitForMail } from "../helpers/mail";

/**
 * A visitor who wants a file: the card's "Sign in" button (aria-disabled, spec §6 toast) leads to
 * sign in or sign up and back to the same item with its dialog open, where the download works at
 * once. The way back is checked to stay on this site; a plain login still lands on `/`.
 */
const TOKEN = "Quillbrook";

test.beforeAll(async () => {
  // The import starts a Node process and renders a PDF page: slow on a busy machine.
  test.setTimeout(180_000);
  await importMediaFixtures(TOKEN);
});

const card = (page: Page, title: string) =>
  page.getByTestId("media-card").filter({ has: page.getByRole("heading", { name: `${TOKEN} ${title}`, exact: true }) });

async function clickSignInOnCard(page: Page, title: string) {
  await gotoHydrated(page, `/media?q=${TOKEN}`);
  const button = card(page, title).getByRole("button", { name: "Sign in", exact: true });
  await expect(button).toHaveAttribute("aria-disabled", "true");
  // Playwright does not click aria-disabled elements by itself; a person can.
  await button.click({ force: true });
  await expect(page.getByText("Authentication Required")).toBeVisible();
  await expect(page.getByText("Please sign in to download files")).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?returnTo=/);
  const returnTo = new URL(page.url()).searchParams.get("returnTo")!;
  const itemId = new URLSearchParams(returnTo.split("?")[1]).get("item")!;
  expect(itemId).toMatch(/^[0-9a-f-]{36}$/);
  return { returnTo, itemId };
}

async function expectBackAtItemAndDownload(page: Page, itemId: string, title: string) {
  await expect(page).toHaveURL(new RegExp(`/media\\?q=${TOKEN}&item=${itemId}$`));
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: `${TOKEN} ${title}` })).toBeVisible();
  // The search is kept too (behind the modal dialog).
  await expect(page.locator("#media-search")).toHaveValue(TOKEN);
  // A page with an account notice loads React at once (not at first use): a press before React runs is not
  // held for it there, so the member's press comes once the page is hydrated.
  await waitForHydration(page);
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download", exact: true }).click();
  expect((await download).suggestedFilename()).toBe(`${TOKEN} ${title}.png`);
}

test.describe("gated downloads keep the visitor's place", () => {
  test("sign up from the card, confirm by mail, come back to the item's dialog and download", async ({ page }) => {
    // A sign-up in the page and its way back: past the default minute on a busy machine.
    test.setTimeout(120_000);
    const { itemId } = await clickSignInOnCard(page, "Logo pack");
    const email = uniqueEmail("gated-signup");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    const panel = await fillSignUp(page, { username: "gated-newcomer", email, password: "secret-pass-1" });
    await panel.getByRole("button", { name: "Sign Up", exact: true }).click();
    // Back at the item: spec §8's toast, and the lasting "check your inbox" notice (behind the item's dialog).
    await expect(page).toHaveURL(new RegExp(`/media\\?q=${TOKEN}&item=${itemId}$`));
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Account created successfully!" })).toBeVisible();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: `${TOKEN} Logo pack` })).toBeVisible();
    // The item's dialog covers the page (all of it on a phone): it says so too, with the resend button.
    const inDialog = dialog.getByTestId("account-notice-in-dialog");
    await expect(inDialog).toBeVisible();
    await expect(inDialog).toContainText("Please check your email to confirm your address.");
    await expect(inDialog.getByRole("button", { name: "Resend confirmation email" })).toBeVisible();
    const notice = page.getByTestId("account-notice");
    await expect(notice).toContainText("Please check your email to confirm your address.");
    await expect(notice).toContainText(email);
    // It lasts: closing the dialog and loading the page again still shows it.
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await page.reload();
    await expect(notice).toContainText("Account created successfully!");
    await expect(notice.getByRole("button", { name: "Resend confirmation email" })).toBeVisible();

    const mail = await waitForMail(smtpApi(), email, /Confirm your email address/);
    const link = linksIn(mail.text).find((url) => url.includes("/api/auth/verify-email"))!;
    // The return target is a parameter of the callback URL, itself a parameter of the link: encoded twice.
    expect(decodeURIComponent(decodeURIComponent(link))).toContain(`/media?q=${TOKEN}&item=${itemId}`);
    await page.goto(link);
    await expectBackAtItemAndDownload(page, itemId, "Logo pack");
    // The return target says the address is now confirmed (the inbox notice is gone), until closed.
    await expect(page.getByRole("dialog").getByTestId("account-notice-in-dialog")).toContainText("Your email address is confirmed");
    await expect(notice).toContainText("Your email address is confirmed");
    await expect(notice).not.toContainText("check your email");
    await page.getByRole("dialog").getByRole("button", { name: "Close", exact: true }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(notice).toContainText("Your email address is confirmed");
    await notice.getByRole("button", { name: "Close this notice" }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(page.locator("#media-search")).toHaveValue(TOKEN);
    await expect(notice).toHaveCount(0);
  });

  test("the inbox notice can be closed for good, also without JavaScript", async ({ browser, baseURL }) => {
    // A sign-up in the page and its way back: past the default minute on a busy machine.
    test.setTimeout(120_000);
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled, baseURL });
      const page = await context.newPage();
      const email = uniqueEmail(`gated-close-${javaScriptEnabled ? "js" : "nojs"}`);
      await page.goto(`/auth?returnTo=${encodeURIComponent(`/media?q=${TOKEN}`)}&tab=signup`);
      if (javaScriptEnabled) await page.getByRole("tab", { name: "Sign Up" }).click();
      const panel = await fillSignUp(page, { username: "gated-closer", email, password: "secret-pass-1" }, { hydrated: javaScriptEnabled });
      await panel.getByRole("button", { name: "Sign Up", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/media\\?q=${TOKEN}$`));
      const notice = page.getByTestId("account-notice");
      await expect(notice).toContainText(email);
      await notice.getByRole("button", { name: "Close this notice" }).click();
      await expect(notice).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/media\\?q=${TOKEN}$`));
      await page.reload();
      await expect(page.locator("#media-search")).toHaveValue(TOKEN);
      await expect(notice).toHaveCount(0);
      await context.close();
    }
  });

  test("sign in from the dialog's button, come back to the item and download at once", async ({ page, context }) => {
    // A confirmed member made over HTTP (the sign-up from the card: the first test).
    const email = await createAccount("gated-member");
    const { itemId } = await clickSignInOnCard(page, "Logo pack");
    const panel = page.getByRole("tabpanel", { name: "Login" });
    await panel.getByLabel("Email").fill(email);
    await panel.getByLabel("Password").fill(PASSWORD);
    await panel.getByRole("button", { name: "Login", exact: true }).click();
    await expectBackAtItemAndDownload(page, itemId, "Logo pack");

    // Signed in, /auth with a way back goes straight there; without one, to /.
    await page.goto(`/auth?returnTo=${encodeURIComponent(`/media?q=${TOKEN}&item=${itemId}`)}`);
    await expect(page).toHaveURL(new RegExp(`/media\\?q=${TOKEN}&item=${itemId}$`));
    await page.goto("/auth?returnTo=https%3A%2F%2Fevil.example%2F");
    await expect(page).toHaveURL(/\/$/);
    await context.clearCookies();
  });

  test("a plain login still goes to /", async ({ page }) => {
    const email = await createAccount("gated-plain");
    await logIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/$/);
  });

  test("without JavaScript too, and a way back to another site, to /auth or garbage is ignored", async ({ browser, baseURL }) => {
    const email = await createAccount("gated-nojs");

    const post = async (returnTo: string) => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
      const request = context.request;
      const response = await request.post("/auth", {
        form: { intent: "login", email, password: PASSWORD, returnTo },
        headers: { Origin: baseURL! },
        maxRedirects: 0,
      });
      await context.close();
      return response;
    };
    const good = await post(`/media?q=${TOKEN}`);
    expect(good.status()).toBe(302);
    expect(good.headers()["location"]).toBe(`/media?q=${TOKEN}`);
    for (const bad of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "/auth",
      "/logout",
      "x".repeat(5000),
      "/media\r\nX: y",
    ]) {
      const response = await post(bad);
      expect(response.status(), bad).toBe(302);
      expect(response.headers()["location"], bad).toBe("/");
    }
  });

  test("the notice goes once the server has cleared it, so leaving at once does not bring it back", async ({ page }) => {
    const email = uniqueEmail("gated-close-wait");
    await page.goto(`/auth?returnTo=${encodeURIComponent(`/media?q=${TOKEN}`)}&tab=signup`);
    await page.getByRole("tab", { name: "Sign Up" }).click();
    const panel = await fillSignUp(page, { username: "gated-waiter", email, password: "secret-pass-1" });
    await panel.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/media\\?q=${TOKEN}$`));
    const notice = page.getByTestId("account-notice");
    await expect(notice).toContainText(email);

    // The close request is held: the notice stays while the server has not answered ...
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let closeSent = false;
    await page.route("**/auth.data*", async (route) => {
      if (route.request().method() === "POST" && (route.request().postData() ?? "").includes("dismissNotice")) {
        closeSent = true;
        await held;
      }
      await route.continue().catch(() => {});
    });
    await notice.getByRole("button", { name: "Close this notice" }).click();
    await expect.poll(() => closeSent).toBe(true);
    await expect(notice).toBeVisible();
    // ... and goes once it has: then a reload right away finds it gone.
    release();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(page.locator("#media-search")).toHaveValue(TOKEN);
    await expect(notice).toHaveCount(0);
  });
});
