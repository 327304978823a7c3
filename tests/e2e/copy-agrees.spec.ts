import { expect, test } from "@playwright/test";
import { siteConfig } from "../../app/config/site";
import { smtpApi, uniqueEmail } from "../helpers/accounts";
import { createAccount, signInPage } from "../helpers/console";
import { e2eDataDir, withDatabase } from "../helpers/e2e-server";
import { gotoHydrated } from "../helpers/hydration";
import { linksIn, waitForMail } from "../helpers/mail";

/**
 * Copy that agrees with itself: counts match what is shown, sector links land on a filtered
 * library, "tell me when it opens" records an address with double opt-in, and /community
 * greets the member by the current username.
 */
const PILLARS = { en: 5, de: 5, es: 5 } as const;

test.describe("copy that agrees with itself", () => {
  test("the home page shows the five pillars it names, /platforms marks five pillars, in three languages", async ({ page }) => {
    for (const [language, count] of Object.entries(PILLARS)) {
      await page.goto(`/?lang=${language}`);
      const title = page.locator("#ecosystem-title");
      await expect(title).toContainText(language === "en" ? "five" : language === "de" ? "fünf" : "cinco");
      await expect(page.getByTestId("pillars").getByRole("link")).toHaveCount(count);
      await page.goto(`/platforms?lang=${language}`);
      await expect(page.getByTestId("pillar-label")).toHaveCount(count);
    }
    await page.goto("/?lang=en");
    const pillars = page.getByTestId("pillars");
    for (const [name, href] of [
      ["Media", "/media"],
      ["Market", "/market"],
      ["Academy", "/academy"],
      ["Tandem", "/tandem"],
      ["Consulting", "/consulting"],
    ]) {
      await expect(pillars.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
  });

  test("/consulting's sector links and 'View More Case Studies' land on a filtered library with results", async ({ page }) => {
    await gotoHydrated(page, "/consulting?lang=en");
    const useCases = page.locator("#use-cases");
    const links = useCases.getByRole("link", { name: /Explore resources in the media library/ });
    await expect(links).toHaveCount(4);
    const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")));
    expect(hrefs).toEqual([
      siteConfig.consultingLibraryLinks.fintech,
      siteConfig.consultingLibraryLinks.media,
      siteConfig.consultingLibraryLinks.education,
      siteConfig.consultingLibraryLinks.healthcare,
    ]);
    for (const href of hrefs) expect(href).toMatch(/^\/media\?./);
    await links.filter({ hasText: "Education" }).click();
    await expect(page).toHaveURL(/\/media\?category=tutorials$/);
    await expect(page.getByLabel("Category")).toHaveValue("tutorials");
    await expect(page.getByTestId("media-card").first()).toBeVisible();

    await gotoHydrated(page, "/consulting?lang=en");
    await page.getByRole("link", { name: "View More Case Studies" }).click();
    await expect(page).toHaveURL(/\/media\?type=document$/);
    await expect(page.getByTestId("media-card").first()).toBeVisible();
    await expect(page.getByTestId("media-count")).not.toHaveText("0 items");
  });

  test("'tell me when it opens' on /academy: recorded, confirmed by mail, in German", async ({ page }) => {
    const email = uniqueEmail("notify-academy");
    await gotoHydrated(page, "/academy?lang=de");
    const section = page.locator("#notify");
    await expect(section.getByRole("heading", { name: "Benachrichtigen Sie mich zum Start" })).toBeVisible();
    await section.getByLabel("E-Mail").fill(email);
    await section.getByRole("button", { name: "Benachrichtigen" }).click();
    await expect(section.getByRole("status")).toContainText("Fast geschafft");
    const stored = () =>
      withDatabase(e2eDataDir(), async (client) => {
        const { rows } = await client.query<{ confirmed_at: Date | null; topic: string }>(
          "select confirmed_at, topic from launch_notifications where email = $1",
          [email],
        );
        return rows;
      });
    expect(await stored()).toEqual([{ confirmed_at: null, topic: "academy" }]);

    const mail = await waitForMail(smtpApi(), email, /Bitte bestätigen/);
    const link = linksIn(mail.text).find((url) => url.includes("/notify?token="))!;
    await page.goto(link);
    // Opening the link confirms nothing (mail scanners open links); the button does.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Adresse bestätigen");
    expect((await stored())[0]!.confirmed_at).toBeNull();
    await page.getByRole("button", { name: "Bestätigen", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bestätigt");
    const [row] = await stored();
    expect(row!.confirmed_at).not.toBeNull();
  });

  test("'tell me when it opens' on /tandem works without JavaScript, and refuses a bad address", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/tandem?lang=en");
    const section = page.locator("#notify");
    await section.getByLabel("Email").fill("not-an-address@");
    // The browser's own check stops it; remove it to see the server's answer.
    await section.locator("form").evaluate((form) => form.setAttribute("novalidate", ""));
    await section.getByRole("button", { name: "Notify me" }).click();
    await expect(page).toHaveURL(/\/tandem\?notify=invalid#notify$/);
    await expect(section.getByRole("status")).toHaveText("Please enter a valid email address");

    const email = uniqueEmail("notify-tandem");
    await section.getByLabel("Email").fill(email);
    await section.getByRole("button", { name: "Notify me" }).click();
    await expect(page).toHaveURL(/\/tandem\?notify=sent#notify$/);
    await expect(section.getByRole("status")).toContainText("Almost done");
    await waitForMail(smtpApi(), email, /Please confirm/);
    await context.close();
  });

  test("a made-up confirmation link says it is not valid", async ({ page }) => {
    const response = await page.goto("/notify?token=made-up");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is not valid");
  });

  test("/community greets the member by the current username", async ({ page }) => {
    const email = await createAccount("community-name", { username: "first-name" });
    await signInPage(page, email);
    await page.goto("/community?lang=en");
    await expect(page.getByText("Welcome, first-name")).toBeVisible();
    await withDatabase(e2eDataDir(), (client) =>
      client.query("update profiles set username = 'renamed-member' where id = (select id from users where email = $1)", [email]),
    );
    await page.goto("/community?lang=en");
    await expect(page.getByText("Welcome, renamed-member")).toBeVisible();
    await expect(page.getByText("Welcome, first-name")).toHaveCount(0);
  });
});
