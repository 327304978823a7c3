import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../helpers/a11y";

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
    for (const text of [...MEMBER_ONLY, "\"member\"", "\"platformUrl\"", "\"modules\""]) expect(body, text).not.toContain(text);
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
