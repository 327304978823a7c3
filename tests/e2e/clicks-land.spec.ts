import { expect, test, type Locator, type Page } from "@playwright/test";
import { createAccount, createConsoleAccount, signInPage } from "../helpers/console";
import { hydrateFormOnUse } from "../helpers/hydration";

/**
 * No layout moves under the pointer (issue 28, ADR 0045). A person types an invalid value and clicks
 * the next control directly: the press blurs the field, the field's problem appears (at once, or
 * when a late check answers, or when a chunk arrives) and must not move that control before the
 * button is released, or the click is lost. Every form of the site, CLICK_ROUNDS times each, on a slow
 * machine: the CPU throttled 6× and every script and every action reply held 200–500 ms
 * (pseudo-random from a fixed seed, so a failure replays).
 *
 * A press lasts PRESS_MS, as a person's does; each round ends when the problem is shown (so a late
 * answer never spills into the next round) and the form is reset for the next one.
 */
// The issue's check is 20 rounds a form on every form (`CLICK_FORMS=all CLICK_ROUNDS=20`, about a minute a
// form). The whole suite runs 3 rounds on the two forms whose problems come from the most sources (a chunk
// arriving, a form hydrated on first use), and holds one press on every form (below), which fails
// deterministically when a problem moves a control under a pressed button.
const ROUNDS = Number(process.env.CLICK_ROUNDS ?? 3);
const SLOW_FORMS = new Set(["sign-up: a short password, then the Terms checkbox", "contact: an invalid address, then the subject"]);
const slowFormsRun = (name: string) => process.env.CLICK_FORMS === "all" || SLOW_FORMS.has(name);
const PRESS_MS = 120;
const CPU_SLOWDOWN = 6;

/** mulberry32: a small seeded generator, the same delays on every run of a test. */
function seededDelays(seed: number, min = 200, max = 500) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return Math.round(min + unit * (max - min));
  };
}

function seedOf(text: string) {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/** Scripts, and the answers of actions and data requests, arrive late: the conditions of a busy phone. */
async function slowMachine(page: Page, seed: number) {
  const delay = seededDelays(seed);
  await page.route("**/*", async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const late =
      request.resourceType() === "script" ||
      url.pathname.endsWith(".js") ||
      request.method() === "POST" ||
      url.pathname.endsWith(".data") ||
      url.searchParams.has("_data");
    if (late) await new Promise((resolve) => setTimeout(resolve, delay()));
    // The page may be gone when a held request is let through at the end of a test.
    await route.continue().catch(() => {});
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
}

/**
 * Waits until every form post the page sent has its answer. A click that lands before the form's rules
 * arrive posts the form, and the server checks it; that answer, held 200–500 ms, must come within its
 * own round, not after the next round's reset.
 */
function answersOf(page: Page) {
  let pending = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") pending += 1;
  });
  const answered = (request: { method(): string }) => {
    if (request.method() === "POST") pending -= 1;
  };
  page.on("requestfinished", answered);
  page.on("requestfailed", answered);
  return () => expect.poll(() => pending, { timeout: 20_000 }).toBe(0);
}

/** React runs the page: longer than the usual 15 s, with scripts held back on a throttled CPU. */
async function waitForHydration(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-ready", "true", { timeout: 60_000 });
}

/**
 * Every element a press (`pointerdown`) and a click event reached since the last `forgetClicks`: a lost
 * click was pressed on the control and reaches another element, or none.
 */
async function recordClicks(page: Page) {
  await page.addInitScript(() => {
    const clicked: EventTarget[] = [];
    const pressed: EventTarget[] = [];
    Object.assign(window, { clicked, pressed });
    document.addEventListener("click", (event) => clicked.push(event.target!), true);
    document.addEventListener("pointerdown", (event) => pressed.push(event.target!), true);
  });
}

function reached(control: Locator, list: "clicked" | "pressed") {
  return control.evaluate((element, key) => {
    const targets = (window as unknown as Record<string, Node[]>)[key]!;
    const label = element.id ? document.querySelector(`label[for="${element.id}"]`) : null;
    return targets.some((target) => element.contains(target) || Boolean(label?.contains(target)));
  }, list);
}

const clickReached = (control: Locator) => reached(control, "clicked");

function forgetClicks(page: Page) {
  return page.evaluate(() => {
    const { clicked, pressed } = window as unknown as Record<string, unknown[]>;
    clicked!.splice(0);
    pressed!.splice(0);
  });
}

/** A lost round, for the failure's message: where the presses and clicks went, and where the cursor is. */
function whatHappened(page: Page, round: number) {
  return page.evaluate((round) => {
    const name = (node: unknown) => {
      if (!(node instanceof Element)) return String(node);
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${node.getAttribute("type") ? `[${node.getAttribute("type")}]` : ""}`;
    };
    const { clicked, pressed } = window as unknown as Record<string, unknown[]>;
    return `round ${round}: pressed ${pressed!.map(name).join(", ") || "nothing"}; clicked ${clicked!.map(name).join(", ") || "nothing"}; focus on ${name(document.activeElement)}`;
  }, round);
}

/**
 * Aims at the control where it is and presses as long as a person presses. A press that did not reach
 * the control was aimed at where it had been: a late answer to an earlier check (a problem under a
 * field left before) moved it between the aim and the press. A person sees it move and aims again;
 * what this test is about is the press that reached the control and lost its click.
 */
async function pressOn(page: Page, control: Locator) {
  for (let aim = 0; aim < 3; aim += 1) {
    await control.scrollIntoViewIfNeeded();
    const box = (await control.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { delay: PRESS_MS });
    if (await reached(control, "pressed")) return;
  }
}

interface FormCase {
  /** Opens the page (and the dialog) and returns the form. */
  open(page: Page): Promise<Locator>;
  /** Fills what the check of `field` needs besides it (the other password of a pair). */
  prepare?(form: Locator): Promise<void>;
  field(form: Locator): Locator;
  invalid: string;
  /** The problem shown for `invalid` once the field is left. */
  problem: string;
  /** The control right after the field. */
  next(form: Locator): Locator;
  /**
   * What a landed click does besides reaching the control: a checkbox or switch changes state, an input
   * has nothing more to show (its cursor came with the press), a submit button's refused submit puts the
   * cursor on the first problem.
   */
  landed: "toggles" | "focuses" | "refuses";
  /** Where a refused submit puts the cursor, when not back into `field`. */
  firstProblem?(form: Locator): Locator;
  viewport?: { width: number; height: number };
}

const PASSWORD_TOO_SHORT = "Password must be at least 8 characters";
const INVALID_EMAIL = "Invalid email address";

async function openAuthTab(page: Page, tab: "Login" | "Sign Up") {
  await page.goto("/auth");
  await waitForHydration(page);
  if (tab === "Sign Up") await page.getByRole("tab", { name: "Sign Up" }).click();
  return page.getByRole("tabpanel", { name: tab }).locator("form[novalidate]");
}

async function openProfile(page: Page, prefix: string) {
  const email = await createAccount(prefix);
  await signInPage(page, email);
  await page.goto("/profile");
  await waitForHydration(page);
}

async function openProfileDialog(page: Page, prefix: string, button: string) {
  await openProfile(page, prefix);
  await page.getByRole("button", { name: button }).click();
  return page.getByRole("dialog").locator("form");
}

const CASES: Record<string, FormCase> = {
  "sign-up: a short password, then the Terms checkbox": {
    open: (page) => openAuthTab(page, "Sign Up"),
    field: (form) => form.getByLabel("Password"),
    invalid: "short12",
    problem: PASSWORD_TOO_SHORT,
    next: (form) => form.locator("#signup-terms"),
    landed: "toggles",
  },
  "sign-up: a short username, then the e-mail (past the customer type)": {
    open: (page) => openAuthTab(page, "Sign Up"),
    field: (form) => form.getByLabel("Username"),
    invalid: "ab",
    problem: "Username must be at least 3 characters",
    next: (form) => form.getByLabel("Email"),
    landed: "focuses",
  },
  "sign-in: an invalid address, then the password": {
    open: (page) => openAuthTab(page, "Login"),
    field: (form) => form.getByLabel("Email"),
    invalid: "ada@",
    problem: INVALID_EMAIL,
    next: (form) => form.getByLabel("Password"),
    landed: "focuses",
  },
  "forgot password: an invalid address, then the send button": {
    open: async (page) => {
      await openAuthTab(page, "Login");
      await page.getByRole("button", { name: "Forgot password?" }).click();
      return page.getByRole("dialog").locator("form");
    },
    field: (form) => form.getByLabel("Email"),
    invalid: "ada@",
    problem: INVALID_EMAIL,
    next: (form) => form.locator("button[type=submit]"),
    landed: "refuses",
  },
  "reset link: a short password twice, then the button": {
    open: async (page) => {
      await page.goto("/profile?token=not-a-real-token");
      await waitForHydration(page);
      return page.locator("form").filter({ has: page.locator("#reset-new") });
    },
    // The pair is checked together: the length once both are typed, under the first one.
    prepare: (form) => form.locator("#reset-new").fill("short12"),
    field: (form) => form.locator("#reset-confirm"),
    invalid: "short12",
    problem: PASSWORD_TOO_SHORT,
    next: (form) => form.locator("button[type=submit]"),
    landed: "refuses",
    firstProblem: (form) => form.locator("#reset-new"),
  },
  "contact: an invalid address, then the subject": {
    open: async (page) => {
      await page.goto("/contact");
      await hydrateFormOnUse(page);
      return page.locator("main form[data-hydrated]");
    },
    field: (form) => form.getByRole("textbox", { name: "Email", exact: true }),
    invalid: "ada@",
    problem: INVALID_EMAIL,
    next: (form) => form.getByRole("textbox", { name: "Subject", exact: true }),
    landed: "focuses",
  },
  "launch notification: an invalid address, then the button below it (phone width)": {
    open: async (page) => {
      await page.goto("/academy");
      await hydrateFormOnUse(page);
      return page.locator("#notify form");
    },
    field: (form) => form.getByRole("textbox"),
    invalid: "ada@",
    problem: "Please enter a valid email address",
    next: (form) => form.locator("button[type=submit]"),
    landed: "refuses",
    viewport: { width: 390, height: 844 },
  },
  "profile: a short username, then the newsletter switch": {
    open: async (page) => {
      await openProfile(page, "clicks-profile");
      return page.locator("form").filter({ has: page.locator("#profile-username") });
    },
    field: (form) => form.locator("#profile-username"),
    invalid: "ab",
    problem: "Username must be at least 3 characters",
    next: (form) => form.getByRole("switch"),
    landed: "toggles",
  },
  "profile, change password: a short new password twice, then the button": {
    open: (page) => openProfileDialog(page, "clicks-password", "Change Password"),
    prepare: async (form) => {
      await form.locator("#current-password").fill("whatever-it-was");
      await form.locator("#new-password").fill("short12");
    },
    field: (form) => form.locator("#confirm-password"),
    invalid: "short12",
    problem: PASSWORD_TOO_SHORT,
    next: (form) => form.locator("button[type=submit]"),
    landed: "refuses",
    firstProblem: (form) => form.locator("#new-password"),
  },
  "profile, change email: an invalid address, then the current password": {
    open: (page) => openProfileDialog(page, "clicks-email", "Change Email"),
    // The address is checked once the password is there too.
    prepare: (form) => form.locator("#email-current-password").fill("whatever-it-was"),
    field: (form) => form.locator("#new-email"),
    invalid: "ada@",
    problem: INVALID_EMAIL,
    next: (form) => form.locator("#email-current-password"),
    landed: "focuses",
  },
  "profile, delete account: no password, then the delete button below it": {
    open: async (page) => {
      await openProfile(page, "clicks-delete");
      return page.getByTestId("delete-account");
    },
    field: (form) => form.locator("#delete-current-password"),
    invalid: "",
    problem: "Please enter your current password",
    next: (form) => form.locator("button[type=submit]"),
    landed: "refuses",
  },
  "console settings: an invalid e-mail, then the VAT ID below it": {
    open: async (page) => {
      await signInPage(page, await createConsoleAccount("clicks-console", "admin"));
      await page.goto("/admin/settings");
      await waitForHydration(page);
      return page.locator("main form").filter({ has: page.locator('input[name="vatId"]') });
    },
    field: (form) => form.locator('input[name="email"]'),
    invalid: "ada@",
    problem: "Enter a valid email address.",
    next: (form) => form.locator('input[name="vatId"]'),
    landed: "focuses",
  },
};

async function stateOf(control: Locator) {
  return control.evaluate((element) => (element as HTMLInputElement).checked || element.getAttribute("aria-checked") === "true");
}

test.describe("a click on the next control lands, on a slow machine, in every form", () => {
  // Rounds on a CPU slowed 6×, on a machine that may be busy with other work too.
  test.describe.configure({ timeout: 600_000 });

  for (const [name, form] of Object.entries(CASES).filter(([name]) => slowFormsRun(name))) {
    test(name, async ({ page }) => {
      // A slowed CPU on a busy machine: each wait may take longer than the suite's default.
      const slow = expect.configure({ timeout: 20_000 });
      if (form.viewport) await page.setViewportSize(form.viewport);
      await slowMachine(page, seedOf(name));
      await recordClicks(page);
      const answered = answersOf(page);
      const element = await form.open(page);
      const field = form.field(element);
      const next = form.next(element);
      const problem = element.getByText(form.problem, { exact: true });
      const misses: string[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        // A fresh form: nothing checked yet, so the problem appears when the field is left.
        await element.evaluate((node) => (node as HTMLFormElement).reset());
        await slow(problem).toHaveCount(0);
        await form.prepare?.(element);
        await forgetClicks(page);
        const before = form.landed === "toggles" ? await stateOf(next) : false;
        await field.fill(form.invalid);
        // A control that moves away between the press and the release loses the click.
        await pressOn(page, next);
        // Landed: the click event reached the control (and a checkbox or switch changed, or a refused
        // submit put the cursor on the first problem). The cursor alone proves nothing: it moves on the press.
        const landed = await expect
          .poll(() => clickReached(next), { timeout: 5_000 })
          .toBe(true)
          .then(async () => {
            if (form.landed === "toggles") return (await stateOf(next)) !== before;
            if (form.landed === "refuses") await slow(form.firstProblem?.(element) ?? field).toBeFocused();
            return true;
          })
          .catch(() => false);
        if (!landed) misses.push(await whatHappened(page, round));
        // The problem is shown after the click, and the round's late answers are in before the next.
        await slow(problem, misses.join("; ")).toBeVisible();
        await answered();
        await slow(problem).toBeVisible();
      }
      expect(misses, `clicks lost of ${ROUNDS}`).toEqual([]);
    });
  }
});

/**
 * The same forms at full speed, with the press held: the press leaves the field (whose check then runs,
 * except where a form checks an address only when it is sent), and while the button is down the problem
 * shows what it showed before the press and the next control stays where the press found it; the
 * release clicks that control, and the problem shows.
 */
test.describe("a held press keeps the next control in place until it is released, in every form", () => {
  for (const [name, form] of Object.entries(CASES)) {
    test(name, async ({ page }) => {
      if (form.viewport) await page.setViewportSize(form.viewport);
      await recordClicks(page);
      const element = await form.open(page);
      const field = form.field(element);
      const next = form.next(element);
      const problem = element.getByText(form.problem, { exact: true });
      await form.prepare?.(element);
      const before = form.landed === "toggles" ? await stateOf(next) : false;
      await field.fill(form.invalid);
      await next.scrollIntoViewIfNeeded();
      const shownBefore = await problem.count();
      const aimedAt = (await next.boundingBox())!;
      await page.mouse.move(aimedAt.x + aimedAt.width / 2, aimedAt.y + aimedAt.height / 2);
      await page.mouse.down();
      // React commits what the blur changed before the next frame is drawn.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      if (form.landed !== "refuses") await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(problem).toHaveCount(shownBefore);
      expect(await next.boundingBox()).toEqual(aimedAt);
      await page.mouse.up();
      await expect.poll(() => clickReached(next)).toBe(true);
      if (form.landed === "toggles") expect(await stateOf(next)).not.toBe(before);
      if (form.landed === "refuses") await expect(form.firstProblem?.(element) ?? field).toBeFocused();
      await expect(problem).toBeVisible();
    });
  }
});
