import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { fillSignUp, logIn, smtpApi, uniqueEmail } from "../helpers/accounts";
import { CONSOLE_PASSWORD, createAccount, signInPage } from "../helpers/console";
import { gotoHydrated } from "../helpers/hydration";
import { linksIn, waitForMail } from "../helpers/mail";
import { readZip } from "../helpers/zip";

/**
 * Issue 12 as a member tries it: subscribe, find the mail, confirm, see the proof in the export,
 * unsubscribe with the mail's one-click link, export the data and open the ZIP, end another
 * session and see it signed out. And as an attacker: someone else's address reaches no shop
 * customer and no marketing consent.
 */
const shopApi = () => process.env.E2E_SHOPIFY_API!;

interface FakeCustomer {
  id: string;
  email: string;
  emailMarketingConsent: { marketingState: string; marketingOptInLevel?: string } | null;
}

async function shopCustomer(email: string): Promise<FakeCustomer | undefined> {
  const customers = (await (await fetch(`${shopApi()}/_fake/customers`)).json()) as FakeCustomer[];
  return customers.find((customer) => customer.email === email);
}

/** The raw header value of a mail, unfolded (RFC 5322). */
function header(raw: string, name: string) {
  const headers = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}:\\s*(.*)$`, "im").exec(headers)?.[1]?.trim();
}

test.describe("privacy: newsletter, data export, sessions", () => {
  test("subscribe with double opt-in, confirm, export the proof, unsubscribe in one click", async ({ page, request }) => {
    // Many steps (two mails, shop sync, export, a second browser) on a shared CI machine.
    test.setTimeout(150_000);
    const email = uniqueEmail("dsgvo");
    await page.goto("/auth");
    const panel = await fillSignUp(page, { username: "member", email, password: "secret-pass-1", newsletter: true });
    await panel.getByRole("button", { name: "Sign Up", exact: true }).click();
    // The lasting notice on / (a loaded machine may take a while to get there).
    await expect(page.getByTestId("account-notice")).toContainText("Account created successfully!", { timeout: 30_000 });
    await expect(page).toHaveURL(/\/$/);

    // Two mails: the account's confirmation, and the newsletter's own confirmation with RFC 8058 headers.
    const newsletterMail = await waitForMail(smtpApi(), email, /Please confirm your newsletter subscription/);
    expect(header(newsletterMail.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const unsubscribe = /^<(.+)>$/.exec(header(newsletterMail.raw, "List-Unsubscribe") ?? "")?.[1];
    expect(unsubscribe).toMatch(/\/newsletter\/unsubscribe\?c=/);
    const accountMail = await waitForMail(smtpApi(), email, /Confirm your email address/);
    await page.goto(linksIn(accountMail.text).find((url) => url.includes("/api/auth/verify-email"))!);
    await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();

    // Confirmed address: a shop customer, but no marketing consent before the newsletter link.
    await expect.poll(async () => (await shopCustomer(email))?.email).toBe(email);
    expect((await shopCustomer(email))?.emailMarketingConsent).toBeNull();

    await gotoHydrated(page, "/profile");
    await expect(page.getByTestId("newsletter-pending")).toHaveText(
      "Pending confirmation: please click the link in the email we sent you.",
    );

    // Opening the link shows a button; only the button confirms.
    await page.goto(linksIn(newsletterMail.text).find((url) => url.includes("/newsletter/confirm"))!);
    await expect(page.getByRole("heading", { name: "Confirm your newsletter subscription" })).toBeVisible();
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByText("Thank you! Your newsletter subscription is now active.")).toBeVisible();
    await expect
      .poll(async () => (await shopCustomer(email))?.emailMarketingConsent)
      .toEqual(expect.objectContaining({ marketingState: "SUBSCRIBED", marketingOptInLevel: "CONFIRMED_OPT_IN" }));

    await gotoHydrated(page, "/profile");
    await expect(page.getByRole("switch", { name: "Newsletter Subscription" })).toBeChecked();
    await expect(page.getByTestId("newsletter-pending")).toHaveCount(0);

    // The mailbox provider's one-click POST: no cookie, no page.
    const oneClick = await request.post(unsubscribe!, {
      form: { "List-Unsubscribe": "One-Click" },
      headers: { cookie: "" },
    });
    expect(oneClick.status()).toBe(200);
    await expect.poll(async () => (await shopCustomer(email))?.emailMarketingConsent?.marketingState).toBe("UNSUBSCRIBED");
    await gotoHydrated(page, "/profile");
    await expect(page.getByRole("switch", { name: "Newsletter Subscription" })).not.toBeChecked();

    // Download my data, after the current password (a wrong one gets no ZIP): the ZIP holds the consent with its proof and the withdrawal.
    const exportCard = page.getByTestId("data-export");
    await exportCard.getByLabel("Current Password").fill("wrong-pass-1");
    await exportCard.getByRole("button", { name: "Download my data" }).click();
    await expect(page).toHaveURL(/\/profile\?export=wrongPassword$/);
    await expect(page.getByTestId("data-export").getByRole("alert")).toHaveText("Current password is incorrect");
    await page.getByTestId("data-export").getByLabel("Current Password").fill("secret-pass-1");
    const downloadPromise = page.waitForEvent("download");
    await page.getByTestId("data-export").getByRole("button", { name: "Download my data" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^ipangel-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = await readZip(fs.readFileSync((await download.path())!));
    const data = JSON.parse(entries.get("my-data.json")!.toString("utf8"));
    expect(data.account.email).toBe(email);
    expect(data.newsletterConsents).toEqual([
      expect.objectContaining({
        status: "withdrawn",
        source: "signup",
        wording: "Subscribe to our newsletter",
        language: "en",
        withdrawnVia: "one-click",
      }),
    ]);
    expect(data.newsletterConsents[0].confirmedAt).toBeTruthy();
    expect(data.mailsSentToYou.map((mail: { subject: string }) => mail.subject)).toEqual(
      expect.arrayContaining(["Confirm your email address", "Please confirm your newsletter subscription"]),
    );
    expect(data.shopCustomer.shopifyCustomerId).toBe((await shopCustomer(email))?.id);

    // The unsubscribe page (GET) shows a button and works without signing in, too.
    const visitor = await page.context().browser()!.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(unsubscribe!);
    await expect(visitorPage.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
    await visitorPage.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(visitorPage.getByText("You have been unsubscribed from the newsletter.")).toBeVisible();
    await visitor.close();
  });

  test("lists sessions and ends another device's session, which is signed out at once", async ({ browser }) => {
    test.setTimeout(120_000);
    const email = await createAccount("twodevices");
    const laptop = await browser.newContext({ userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0" });
    const phone = await browser.newContext({
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    });
    const laptopPage = await laptop.newPage();
    const phonePage = await phone.newPage();
    // The laptop signs in over HTTP (with its browser's user agent), the phone through the form.
    await signInPage(laptopPage, email);
    await logIn(phonePage, email, CONSOLE_PASSWORD);
    await expect(phonePage).toHaveURL(/\/$/);
    await gotoHydrated(phonePage, "/profile");
    await expect(phonePage.getByRole("heading", { name: "Active Sessions" })).toBeVisible();

    await gotoHydrated(laptopPage, "/profile");
    const rows = laptopPage.getByTestId("session-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText("Firefox 133 · Linux");
    await expect(rows.first().getByTestId("this-device")).toHaveText("This device");
    const phoneRow = rows.filter({ hasText: "Safari 18 · iOS" });
    await expect(phoneRow).toContainText("Last active");
    await phoneRow.getByRole("button", { name: /End session/ }).click();
    await expect(laptopPage.getByText("Session ended")).toBeVisible();
    await expect(rows).toHaveCount(1);

    // The phone is signed out on its next request.
    await phonePage.goto("/profile");
    await expect(phonePage).toHaveURL(/\/auth$/);
    await laptop.close();
    await phone.close();
  });

  test("attacker: an account with someone else's address gets no shop customer and no marketing consent", async ({ page }) => {
    const victim = uniqueEmail("victim");
    await page.goto("/auth");
    const panel = await fillSignUp(page, { username: "mallory", email: victim, password: "secret-pass-1", newsletter: true });
    await panel.getByRole("button", { name: "Sign Up", exact: true }).click();
    // The mails went out (to the victim, who ignores them) ...
    await waitForMail(smtpApi(), victim, /Please confirm your newsletter subscription/);
    await waitForMail(smtpApi(), victim, /Confirm your email address/);
    // ... and the shop knows nothing of the address.
    const requests = (await (await fetch(`${shopApi()}/_fake/requests`)).json()) as { variables: unknown }[];
    expect(JSON.stringify(requests)).not.toContain(victim);
    expect(await shopCustomer(victim)).toBeUndefined();
  });
});
