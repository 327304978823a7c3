import { expect, test, type Page } from "@playwright/test";
import { hydrateFormOnUse } from "../helpers/hydration";

/**
 * The form kit's focus rule (ADR 0035, 0053): a refused submit by a person puts the cursor on the first
 * field to fix; Conform's own checks (a submit with its hidden `__intent__` button, when a field is left,
 * or when the rules arrive after the person already left fields) show the problem but never move the
 * cursor away from where the person is typing, and never go to the server. Seen in CI before: on
 * /contact under load, a check of the e-mail field went to the server (the rules had not arrived yet),
 * and the rest of the subject was typed into the e-mail field.
 *
 * Deterministic here: the page's lazy parts are held back with `page.route` and released when the test
 * says, and every step waits for what a person would see (the toast, the message, the cursor).
 */

/** Holds one lazily loaded chunk (`/assets/<name>-<hash>.js`) until `release()`; counts its requests. */
async function holdChunk(page: Page, name: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const requested: string[] = [];
  await page.route(new RegExp(`/assets/${name}-[^/]+\\.js$`), async (route) => {
    requested.push(route.request().url());
    await held;
    // The page may be gone when a chunk is released at the end of a test.
    await route.continue().catch(() => {});
  });
  return { release, requested };
}

/** Holds the posts of Conform's own checks (its `__intent__` field) to `url` until `release()` (only the first `count`); counts them. */
async function holdChecks(page: Page, url = "**/contact*", count = Infinity) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const sent: string[] = [];
  await page.route(url, async (route) => {
    const body = route.request().postData() ?? "";
    // Anything else (`**/contact*` also matches the contact page's chunks) goes to the other routes.
    if (route.request().method() !== "POST" || !body.includes("__intent__")) return route.fallback();
    sent.push(body);
    if (sent.length <= count) await held;
    await route.continue().catch(() => {});
  });
  return { release, sent };
}

const field = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });
/** The toast with this title and description (older toasts may still be on screen). */
const toast = (page: Page, title: string, description: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: title }).filter({ hasText: description });

test.describe("the cursor stays where the person types; only their refused submit moves it", () => {
  test("the rules arrive while the person types: the fields already left are checked, the cursor stays in the subject", async ({
    page,
  }) => {
    // The contact rules (zod) stay away, as under load in CI.
    const rules = await holdChunk(page, "contact-schema");
    const checks = await holdChecks(page);
    await page.goto("/contact");
    // Focuses the name field and waits for React (hydrated on first use, ADR 0032).
    await hydrateFormOnUse(page);
    await expect(field(page, "Name")).toBeFocused();

    await page.keyboard.type("Ada");
    await page.keyboard.press("Tab");
    await expect(field(page, "Email")).toBeFocused();
    await page.keyboard.type("ada@exa");
    await page.keyboard.press("Tab");
    await expect(field(page, "Subject")).toBeFocused();
    await page.keyboard.type("Consulting");
    // The form was touched: the rules were asked for, have not arrived, and nothing was checked yet.
    await expect.poll(() => rules.requested.length).toBe(1);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    await expect(field(page, "Email")).not.toHaveAttribute("aria-invalid", "true");

    rules.release();
    // The fields left before the rules came are checked in the browser: the message under the e-mail ...
    await expect(field(page, "Email")).toHaveAttribute("aria-invalid", "true");
    const emailProblem = await field(page, "Email").getAttribute("aria-describedby");
    await expect(page.locator(`[id="${emailProblem}"]`)).toHaveText("Invalid email address");
    // ... but the cursor stays in the subject, and what is typed next goes there.
    await expect(field(page, "Subject")).toBeFocused();
    await page.keyboard.type(" question");
    await expect(field(page, "Name")).toHaveValue("Ada");
    await expect(field(page, "Email")).toHaveValue("ada@exa");
    await expect(field(page, "Subject")).toHaveValue("Consulting question");

    // The message field is filled and left by the keyboard: still no jump.
    await page.keyboard.press("Tab");
    await expect(field(page, "Message")).toBeFocused();
    await page.keyboard.type("Please tell me more about your consulting.");
    await expect(field(page, "Message")).toHaveValue("Please tell me more about your consulting.");
    await expect(field(page, "Email")).toHaveValue("ada@exa");

    // A person's submit with the e-mail still wrong: refused, and now the cursor goes to the e-mail field.
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(field(page, "Email")).toBeFocused();
    await expect(toast(page, "Validation Error", "Invalid email address").first()).toBeVisible();
    await expect(page.locator(`[id="${emailProblem}"]`)).toHaveText("Invalid email address");
    // Fixed where the cursor is, the message goes as it is typed.
    await page.keyboard.type("mple.com");
    await expect(field(page, "Email")).toHaveValue("ada@example.com");
    await expect(field(page, "Email")).not.toHaveAttribute("aria-invalid", "true");
    // No check went to the server.
    expect(checks.sent).toHaveLength(0);
  });

  test("a field left wrong is reported but keeps the cursor; a refused submit moves it (in German)", async ({ page }) => {
    // The rules are held back at first: the name left empty is checked when they come, not by the server.
    const rules = await holdChunk(page, "contact-schema");
    const checks = await holdChecks(page);
    await page.goto("/contact?lang=de");
    await hydrateFormOnUse(page);
    await page.keyboard.press("Tab");
    await expect(field(page, "E-Mail")).toBeFocused();
    await expect.poll(() => rules.requested.length).toBe(1);
    await expect(page.getByRole("button", { name: "Nachricht senden" })).toBeEnabled();
    rules.release();
    // The check refuses the empty name ...
    await expect(field(page, "Name")).toHaveAttribute("aria-invalid", "true");
    const nameProblem = await field(page, "Name").getAttribute("aria-describedby");
    await expect(page.locator(`[id="${nameProblem}"]`)).toHaveText("Name ist erforderlich");
    // ... and the cursor stays in the e-mail field the person moved to.
    await expect(field(page, "E-Mail")).toBeFocused();

    // The rules are there now: a wrong address left for the subject is checked as it is left ...
    await page.keyboard.type("ada@");
    await page.keyboard.press("Tab");
    await expect(field(page, "Betreff")).toBeFocused();
    await page.keyboard.type("Beratung");
    await expect(field(page, "E-Mail")).toHaveAttribute("aria-invalid", "true");
    const emailProblem = await field(page, "E-Mail").getAttribute("aria-describedby");
    await expect(page.locator(`[id="${emailProblem}"]`)).toHaveText("Ungültige E-Mail-Adresse");
    // ... and the cursor stays in the subject (the name, still empty, is the first problem of the form).
    await expect(field(page, "Betreff")).toBeFocused();
    await page.keyboard.type("sanfrage");
    await expect(field(page, "Betreff")).toHaveValue("Beratungsanfrage");
    await expect(field(page, "E-Mail")).toHaveValue("ada@");
    await expect(field(page, "Name")).toHaveValue("");

    // The person submits (Enter in the subject): refused, the cursor goes to the first field to fix.
    await page.keyboard.press("Enter");
    await expect(field(page, "Name")).toBeFocused();
    await expect(page.locator(`[id="${nameProblem}"]`)).toHaveText("Name ist erforderlich");
    await expect(toast(page, "Eingabefehler", "Name ist erforderlich")).toBeVisible();
    await expect(field(page, "Betreff")).toHaveValue("Beratungsanfrage");
    expect(checks.sent).toHaveLength(0);
  });
});

test.describe("a check made before the rules arrive speaks only for the field it checked", () => {
  test("sign-up: the username left while the e-mail is still empty shows no problem for the e-mail", async ({ page }) => {
    // The account rules stay away while the username is left with the e-mail still empty.
    const rules = await holdChunk(page, "schemas");
    const checks = await holdChecks(page, "**/auth.data*");
    await page.goto("/auth");
    await page.locator('input[name="js"]').first().waitFor({ state: "attached" });
    await page.getByRole("tab", { name: "Sign Up" }).click();
    const panel = page.getByRole("tabpanel", { name: "Sign Up" });
    await panel.getByLabel("Username").fill("ab");
    await panel.getByLabel("Email").focus();
    await expect.poll(() => rules.requested.length).toBe(1);

    // The rules arrive; the e-mail is filled and left: checked in the browser, no problem.
    const rulesLoaded = page.waitForResponse(/\/assets\/schemas-[^/]+\.js$/);
    rules.release();
    await rulesLoaded;
    await panel.getByLabel("Email").fill("ada@example.com");
    await panel.getByLabel("Password").focus();

    await expect(panel.getByText("Username must be at least 3 characters")).toBeVisible();
    await expect(panel.getByText("Invalid email address")).toHaveCount(0);
    await expect(panel.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");
    await expect(panel.getByLabel("Password")).toBeFocused();
    expect(checks.sent).toHaveLength(0);
  });
});
