import { expect, test } from "@playwright/test";
import { createAccount, signInPage } from "../helpers/console";
import { expectNoSeriousA11yViolations } from "../helpers/a11y";
import { gotoHydrated } from "../helpers/hydration";

/** Strings and links that only a signed-in member may receive. */
const MEMBER_ONLY = [
  "community.example.com",
  "community-member",
  "/discussions",
  "/courses",
  "/members",
  "Open the discussion boards",
  "Open the community platform",
];

test.describe("community (visitor)", () => {
  test("presents the community and offers Sign up and Log in", async ({ page }) => {
    await page.goto("/community");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "The IP Angel Community" })).toBeVisible();
    await expect(main.getByText("Members only")).toBeVisible();
    for (const name of ["Discussion boards", "Event calendar", "Learning modules", "Badges", "Member directory", "Private groups"]) {
      await expect(main.getByRole("heading", { name, exact: true })).toBeVisible();
    }
    const actions = page.getByTestId("community-visitor-actions");
    await expect(actions.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/auth?tab=signup");
    await expect(actions.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/auth");
    await expect(page.getByTestId("community-member")).toHaveCount(0);
    await expect(main.locator('a[href*="community.example.com"]')).toHaveCount(0);
  });

  test("a visitor's HTML and loader data contain no member content", async ({ request }) => {
    const html = await request.get("/community");
    expect(html.status()).toBe(200);
    expect(html.headers()["cache-control"]).toContain("private");
    const page = await html.text();
    expect(page).toContain("The IP Angel Community");
    expect(page).toContain('href="/auth?tab=signup"');
    for (const text of MEMBER_ONLY) expect(page, text).not.toContain(text);

    const data = await request.get("/community.data");
    expect(data.status()).toBe(200);
    const body = await data.text();
    expect(body).toContain("visitor");
    for (const text of [...MEMBER_ONLY, '"member"', '"platformUrl"', '"modules"']) expect(body, text).not.toContain(text);
  });

  for (const lang of ["en", "de", "es"]) {
    test(`is translated and has no serious accessibility violations (${lang})`, async ({ page }) => {
      await page.goto(`/community?lang=${lang}`);
      const expected = { en: "Sign up", de: "Registrieren", es: "Registrarse" }[lang]!;
      await expect(page.getByTestId("community-visitor-actions").getByRole("link", { name: expected })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe("community (member)", () => {
  test("a signed-in member gets the greeting and links into the platform's modules (en, de); after Logout they are gone", async ({
    page,
  }) => {
    await signInPage(page, await createAccount("member", { username: "Mirabel" }));
    const response = await page.goto("/community");
    expect(response?.headers()["cache-control"]).toContain("no-store");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "The IP Angel Community" })).toBeVisible();
    const member = page.getByTestId("community-member");
    await expect(member.getByRole("heading", { level: 2, name: "Welcome, Mirabel" })).toBeVisible();
    await expect(member).toContainText("Each link below opens it in a new tab");
    for (const [title, open, href] of [
      ["Discussion boards", "Open the discussion boards", "/discussions"],
      ["Event calendar", "Open the event calendar", "/events"],
      ["Learning modules", "Open the learning modules", "/courses"],
      ["Badges", "Open your badges", "/badges"],
      ["Member directory", "Open the member directory", "/members"],
      ["Private groups", "Open your private groups", "/groups"],
    ]) {
      await expect(member.getByRole("heading", { level: 3, name: title, exact: true })).toBeVisible();
      const link = member.getByRole("link", { name: new RegExp(`^${open}`) });
      await expect(link).toHaveAttribute("href", `https://community.example.com${href}`);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
    await expect(member.getByRole("link", { name: /^Open the community platform/ })).toHaveAttribute(
      "href",
      "https://community.example.com",
    );
    // A member is not asked to sign up or log in.
    await expect(page.getByTestId("community-visitor-actions")).toHaveCount(0);
    await expect(main.getByRole("link", { name: "Sign up" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.goto("/community?lang=de");
    await expect(member.getByRole("heading", { level: 2, name: "Willkommen, Mirabel" })).toBeVisible();
    await expect(member.getByRole("link", { name: /^Diskussionsforen öffnen/ })).toHaveAttribute(
      "href",
      "https://community.example.com/discussions",
    );

    await gotoHydrated(page, "/community?lang=en");
    await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Get Started" })).toBeVisible();
    await page.goto("/community");
    await expect(page.getByTestId("community-visitor-actions")).toBeVisible();
    await expect(page.getByTestId("community-member")).toHaveCount(0);
    await expect(page.getByRole("main").locator('a[href*="community.example.com"]')).toHaveCount(0);
  });
});
