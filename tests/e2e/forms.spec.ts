import { expect, test, type Locator, type Page } from "@playwright/test";
import { fillSignUp, smtpApi, uniqueEmail } from "../helpers/accounts";
import { createAccount, signInPage } from "../helpers/console";
import { gotoHydrated, hydrateFormOnUse, waitForHydration } from "../helpers/hydration";
import { fetchMails, linksIn, MAIL_WAIT_MS, waitForMail } from "../helpers/mail";

/** Forms people do not fight (issue 10): every problem at once, inline, nothing covering it; lasting results. */

const FIVE_PROBLEMS = [
  "Username must be at least 3 characters",
  "Invalid email address",
  "Password must be at least 8 characters",
  "You must accept the Terms of Service",
  "You must accept the Privacy Policy",
];

/** True when the element's centre is the element itself (or inside it): nothing lies on top of it. */
async function isUncovered(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && (top === element || element.contains(top));
  });
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function expectFiveInlineProblems(page: Page, { measure = true } = {}) {
  const panel = page.getByRole("tabpanel", { name: "Sign Up" });
  const alerts = panel.getByRole("alert");
  await expect(alerts).toHaveText(FIVE_PROBLEMS);
  const boxes = [];
  if (!measure) return;
  for (const alert of await alerts.all()) {
    expect(await isUncovered(alert)).toBe(true);
    boxes.push((await alert.boundingBox())!);
  }
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i], boxes[j])).toBe(false);
  // Each message names its own field: the field points at it.
  await expect(panel.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
  await expect(panel.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
}

test.describe("sign-up shows every problem at once", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("five bad fields: five inline messages after one submit at 390 px, nothing on top of them, no toast", async ({ page }) => {
    await gotoHydrated(page, "/auth");
    const panel = await fillSignUp(page, { username: "ab", email: "not-an-email", password: "short", terms: false, privacy: false });
    await panel.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expectFiveInlineProblems(page);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    // The cursor is on the first field to fix.
    await expect(panel.getByLabel("Username")).toBeFocused();
    // Fixing a field clears its message as it is typed; the others stay.
    await panel.getByLabel("Username").fill("alice");
    await expect(panel.getByRole("alert")).toHaveText(FIVE_PROBLEMS.slice(1));
  });

  test("a field is checked when it is left", async ({ page }) => {
    await gotoHydrated(page, "/auth");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    const panel = page.getByRole("tabpanel", { name: "Sign Up" });
    await panel.getByLabel("Email").fill("nope");
    await panel.getByLabel("Password").focus();
    await expect(panel.getByRole("alert")).toHaveText(["Invalid email address"]);
  });

  test("without JavaScript the server's answer shows the same five messages and keeps what was typed", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/auth?tab=signup");
    const panel = page.getByRole("tabpanel", { name: "Sign Up" });
    await panel.getByLabel("Username").fill("ab");
    await panel.getByLabel("Email").fill("not-an-email");
    await panel.getByLabel("Password").fill("short");
    await panel.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expectFiveInlineProblems(page, { measure: false });
    await expect(panel.getByLabel("Email")).toHaveValue("not-an-email");
    await expect(panel.getByLabel("Password")).toHaveValue("");
    await context.close();
  });
});

test.describe("lasting results instead of fading toasts", () => {
  test("after sign-up / keeps a 'check your inbox' notice with a working resend, then says the address is confirmed", async ({ page }) => {
    test.setTimeout(180_000);
    const email = uniqueEmail("notice");
    await gotoHydrated(page, "/auth");
    const panel = await fillSignUp(page, { username: "noticer", email, password: "secret-pass-1" });
    await panel.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    const notice = page.getByTestId("account-notice");
    await expect(notice).toContainText("Account created successfully!");
    await expect(notice).toContainText("Please check your email to confirm your address.");
    await expect(notice).toContainText(email);
    await waitForMail(smtpApi(), email, /Confirm your email address/);

    // It lasts: a reload still shows it (no toast that faded).
    await page.reload();
    await expect(notice).toContainText("Account created successfully!");
    // Home hydrates on first use of a form (ADR 0032): turning to the button loads React, and the
    // click waits for it, to test the answer with JavaScript (without, the next test).
    const resend = notice.getByRole("button", { name: "Resend confirmation email" });
    await resend.focus();
    await waitForHydration(page);
    await resend.click();
    await expect(notice.getByRole("status")).toHaveText("Confirmation email sent! Check your inbox.");
    // The mail goes through the job queue: as long as the first one may take.
    await expect
      .poll(async () => (await fetchMails(smtpApi(), email)).map((mail) => mail.subject), { timeout: MAIL_WAIT_MS })
      .toEqual([expect.stringMatching(/Confirm your email address/), expect.stringMatching(/Confirm your email address/)]);

    const mails = await fetchMails(smtpApi(), email);
    const link = linksIn(mails[mails.length - 1].text).find((url) => url.includes("/api/auth/verify-email"))!;
    await page.goto(link);
    await expect(page).toHaveURL(/\/$/);
    await expect(notice).toContainText("Your email address is confirmed");
    await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();
    // Said once: the next visit of / has no notice.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });

  test("without JavaScript the notice's resend comes back to the same page and address, saying the mail was sent", async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const email = uniqueEmail("notice-nojs");
    await page.goto("/auth?tab=signup");
    const panel = await fillSignUp(page, { username: "nojsnotice", email, password: "secret-pass-1" }, { hydrated: false });
    await panel.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await waitForMail(smtpApi(), email, /Confirm your email address/);

    // On another page, with a query: the post comes back there, not to a bare /auth.
    await page.goto("/news?lang=en&from=notice");
    const notice = page.getByTestId("account-notice");
    await notice.getByRole("button", { name: "Resend confirmation email" }).click();
    await expect(page).toHaveURL(/\/news\?lang=en&from=notice$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(notice.getByRole("status")).toHaveText("Confirmation email sent! Check your inbox.");
    await expect
      .poll(async () => (await fetchMails(smtpApi(), email)).map((mail) => mail.subject), { timeout: MAIL_WAIT_MS })
      .toEqual([expect.stringMatching(/Confirm your email address/), expect.stringMatching(/Confirm your email address/)]);
    // Said once: the next page shows the notice without it.
    await page.reload();
    await expect(notice).toContainText("Account created successfully!");
    await expect(notice.getByRole("status")).toHaveCount(0);
    await context.close();
  });

  test("the notice is translated", async ({ page }) => {
    const email = uniqueEmail("notice-de");
    await gotoHydrated(page, "/auth?lang=de");
    await page.getByRole("tab", { name: "Registrieren" }).click();
    const panel = page.getByRole("tabpanel", { name: "Registrieren" });
    await panel.getByLabel("Benutzername").fill("notizen");
    await panel.locator("#signup-email").fill(email);
    await panel.locator("#signup-password").fill("secret-pass-1");
    await panel.locator("#signup-terms").check();
    await panel.locator("#signup-privacy").check();
    await panel.getByRole("button", { name: "Registrieren", exact: true }).click();
    await expect(page).toHaveURL(/\/(\?lang=de)?$/);
    await expect(page.getByTestId("account-notice")).toContainText("Konto erfolgreich erstellt!");
  });

  test("the contact form keeps a sent state above the emptied form; toasts replace each other", async ({ page }) => {
    await page.goto("/contact");
    await hydrateFormOnUse(page);
    const form = page.getByRole("region", { name: "Send us a message" });
    const send = page.getByRole("button", { name: "Send Message" });
    await send.click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Name is required" })).toBeVisible();
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Ada");
    await send.click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Invalid email address" })).toBeVisible();
    // One toast, replaced, not a pile.
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(1);

    await page.getByRole("textbox", { name: "Email", exact: true }).fill("ada@example.com");
    await page.getByRole("textbox", { name: "Subject", exact: true }).fill("Sent state");
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("Does the form say it was sent?");
    await send.click();
    const sent = form.getByRole("status");
    await expect(sent).toContainText("Message sent successfully! We'll get back to you soon.");
    await expect(page.getByRole("textbox", { name: "Subject", exact: true })).toHaveValue("");
    // The notice is part of the page, not a toast: closing the toast leaves it.
    await page.locator("[data-sonner-toast] button[aria-label]").first().click();
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    await expect(sent).toBeVisible();
  });

  test("an answer that comes as the last toast's time runs out is shown, not taken away with it", async ({ page }) => {
    // The page's clock: the first toast is brought to the moment it starts to leave, and held there.
    await page.clock.install();
    await page.goto("/contact");
    await hydrateFormOnUse(page);
    const toasts = page.locator("[data-sonner-toast]");
    const send = page.getByRole("button", { name: "Send Message" });
    await send.click();
    const first = toasts.filter({ hasText: "Name is required" });
    await expect(first).toBeVisible();
    // A moment ahead of the page's time (pausing in the past is refused), well within the toast's eight seconds.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2000);
    // Time moves in small steps, so the next answer is sent within the toast's exit.
    await expect(async () => {
      await page.clock.runFor(50);
      expect(await first.getAttribute("data-removed")).toBe("true");
    }).toPass({ intervals: [10], timeout: 30_000 });

    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Ada");
    await send.click();
    const second = toasts.filter({ hasText: "Invalid email address" });
    // The answer's toast is drawn by a timer of the paused clock: time moves until it is there.
    await expect(async () => {
      await page.clock.runFor(50);
      await expect(second).toBeVisible({ timeout: 100 });
    }).toPass();
    // Past the leaving toast's last moments: the answer stays.
    await page.clock.runFor(1000);
    await expect(second).toBeVisible();
    await expect(second).not.toHaveAttribute("data-removed", "true");
    await expect(toasts).toHaveCount(1);
  });
});

// Google's buttons with and without GOOGLE_CLIENT_ID/SECRET: app/features/account/auth-page.test.tsx; its door's 404
// without them: auth-actions.server.db.test.ts; signing in through the issuer: accounts.spec.ts.
test.describe("doors", () => {
  test("garbage, unknown intents and visitors get clear 4xx answers, never a 5xx", async ({ request, baseURL }) => {
    const origin = { Origin: baseURL! };
    const garbage = await request.post("/auth", {
      data: Buffer.from([0, 159, 146, 150, 255]),
      headers: { ...origin, "Content-Type": "multipart/form-data; boundary=x" },
    });
    expect(garbage.status()).toBe(400);
    const unknown = await request.post("/auth", { form: { intent: "drop-tables" }, headers: origin });
    expect(unknown.status()).toBe(400);
    const forged = await request.post("/auth", { form: { intent: "signup", username: ["a", "b"].join("\u0000") }, headers: origin });
    expect(forged.status()).toBe(400);
    const visitor = await request.post("/profile", {
      form: { intent: "save", username: "nobody", customerType: "private" },
      headers: origin,
      maxRedirects: 0,
    });
    expect(visitor.status()).toBeGreaterThanOrEqual(300);
    expect(visitor.status()).toBeLessThan(400);
    expect(visitor.headers().location).toBe("/auth");
    const contact = await request.post("/contact", { form: { intent: "whatever", name: "x".repeat(5000) }, headers: origin });
    expect(contact.status()).toBe(400);
  });
});

test("the Login and Sign Up tabs work from the keyboard (arrows, Home, End) and keep one tab in the Tab order", async ({ page }) => {
  await gotoHydrated(page, "/auth");
  const login = page.getByRole("tab", { name: "Login" });
  const signup = page.getByRole("tab", { name: "Sign Up" });
  await expect(login).toHaveAttribute("tabindex", "0");
  await expect(signup).toHaveAttribute("tabindex", "-1");
  await login.focus();
  await page.keyboard.press("ArrowRight");
  await expect(signup).toBeFocused();
  await expect(signup).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "Sign Up" })).toBeVisible();
  await expect(page.getByRole("tabpanel", { name: "Login" })).toHaveCount(0);
  await page.keyboard.press("ArrowRight");
  await expect(login).toBeFocused();
  await expect(login).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("End");
  await expect(signup).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Home");
  await expect(login).toHaveAttribute("aria-selected", "true");
  // Tab leaves the tab list for the panel's first field.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("tabpanel", { name: "Login" })).toBeFocused();
});

test.describe("forms before their rules arrive (ADR 0053)", () => {
  /** Holds the account forms' rules (zod, loaded on a form's first focus) until `release()`; counts their requests. */
  async function holdRules(page: Page) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const requested: string[] = [];
    await page.route(/\/assets\/schemas-[^/]+\.js$/, async (route) => {
      requested.push(route.request().url());
      await held;
      await route.continue();
    });
    return { release, requested };
  }

  test("the page loads without them; typed before they arrive, nothing is lost, the cursor stays, and the checks then run", async ({
    page,
  }) => {
    const rules = await holdRules(page);
    await gotoHydrated(page, "/auth");
    await page.waitForLoadState("networkidle");
    expect(rules.requested).toHaveLength(0);

    await page.getByRole("tab", { name: "Sign Up" }).click();
    const panel = page.getByRole("tabpanel", { name: "Sign Up" });
    await panel.getByLabel("Username").fill("alice");
    await panel.getByLabel("Email").fill("nope");
    await panel.getByLabel("Password").pressSequentially("sec");
    // Touching the form asked for them; they have not arrived: no check ran yet, the e-mail was left invalid.
    await expect.poll(() => rules.requested.length).toBe(1);
    await expect(panel.getByRole("alert")).toHaveCount(0);

    rules.release();
    // The check the e-mail field was due when it was left runs once the rules are there.
    await expect(panel.getByRole("alert")).toHaveText(["Invalid email address"]);
    await expect(panel.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(panel.getByLabel("Password")).toBeFocused();
    await page.keyboard.type("ret-1");
    await expect(panel.getByLabel("Username")).toHaveValue("alice");
    await expect(panel.getByLabel("Email")).toHaveValue("nope");
    await expect(panel.getByLabel("Password")).toHaveValue("secret-1");
    // Now as always: the message goes as the field is fixed, a field left empty is checked when left.
    await panel.getByLabel("Email").fill("alice@example.com");
    await expect(panel.getByRole("alert")).toHaveCount(0);
    await panel.getByLabel("Username").fill("");
    await panel.getByLabel("Email").focus();
    await expect(panel.getByRole("alert")).toHaveText(["Username must be at least 3 characters"]);
  });

  test("on /profile too: what was typed and where the cursor is stay, and the check due runs", async ({ page }) => {
    test.setTimeout(120_000);
    await signInPage(page, await createAccount("lazy-profile", { username: "lazyone" }));
    const rules = await holdRules(page);
    await gotoHydrated(page, "/profile");
    const username = page.getByLabel("Username");
    await expect(username).toHaveValue("lazyone");
    expect(rules.requested).toHaveLength(0);
    await username.fill("ab");
    await page.getByLabel("Customer Type").focus();
    await expect.poll(() => rules.requested.length).toBe(1);
    await expect(username).not.toHaveAttribute("aria-invalid", "true");

    rules.release();
    await expect(page.getByText("Username must be at least 3 characters")).toBeVisible();
    await expect(username).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Customer Type")).toBeFocused();
    await expect(username).toHaveValue("ab");
  });

  test("a submit before they arrive is checked by the server, shown the same way, and the form works on", async ({ page }) => {
    const rules = await holdRules(page);
    await gotoHydrated(page, "/auth");
    const panel = page.getByRole("tabpanel", { name: "Login" });
    await panel.getByLabel("Email").fill("not-an-email");
    await panel.getByLabel("Password").fill("whatever-1");
    await panel.getByLabel("Password").press("Enter");
    await expect(panel.getByRole("alert")).toHaveText(["Invalid email address"]);
    await expect(panel.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(panel.getByLabel("Email")).toBeFocused();
    await expect(panel.getByLabel("Email")).toHaveValue("not-an-email");
    expect(rules.requested.length).toBeGreaterThan(0);

    rules.release();
    // The server's answer is the form's state: typing a valid address clears the message.
    await panel.getByLabel("Email").fill("someone@example.com");
    await expect(panel.getByRole("alert")).toHaveCount(0);
  });
});
