import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import { createAccount, signedInRequest } from "../helpers/console";
import { gotoHydrated } from "../helpers/hydration";

/**
 * ADR 0031: `/profile` is one document for every member (the page cache's member shell), and the
 * member's data come by the page's own request (`/profile.data`, private). Checked as members,
 * as a visitor, with a forged cookie, with and without JavaScript.
 */
interface Member {
  email: string;
  username: string;
  cookie: string;
}

async function newMember(username: string): Promise<Member> {
  const email = await createAccount(username, { username });
  const context = await signedInRequest(email);
  const { cookies } = await context.storageState();
  await context.dispose();
  return { email, username, cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ") };
}

const get = (request: APIRequestContext, path: string, cookie?: string) =>
  request.get(path, { headers: cookie ? { cookie } : {}, maxRedirects: 0 });

test.describe("profile: the member shell and its data request", () => {
  test.describe.configure({ mode: "serial" });
  let alice: Member;
  let bob: Member;

  test.beforeAll(async () => {
    alice = await newMember("shell-alice");
    bob = await newMember("shell-bob");
  });

  test("two members get byte-identical /profile documents that hold nothing of either", async ({ request }) => {
    const first = await get(request, "/profile", alice.cookie);
    const second = await get(request, "/profile", bob.cookie);
    expect(first.status()).toBe(200);
    expect(second.status()).toBe(200);
    const html = await first.text();
    expect(await second.text()).toBe(html);
    expect(second.headers()["x-page-cache"]).toBe("hit");
    expect(first.headers()["set-cookie"]).toBeUndefined();
    for (const member of [alice, bob]) {
      expect(html).not.toContain(member.email);
      expect(html).not.toContain(member.username);
    }
    // Neither a member's links nor a wrong "Get Started" in the header: a neutral place until the data come.
    expect(html).toContain('data-testid="account-pending"');
    expect(html).not.toContain(">Get Started<");
    expect(html).toContain('data-testid="profile-shell"');
  });

  test("the data request gives each member their own data, privately, and nothing to others", async ({ request }) => {
    const own = await get(request, "/profile.data", alice.cookie);
    expect(own.status()).toBe(200);
    expect(own.headers()["cache-control"]).toContain("no-store");
    expect(own.headers()["cache-control"]).toContain("private");
    const body = await own.text();
    expect(body).toContain(alice.email);
    expect(body).not.toContain(bob.email);
    expect(await (await get(request, "/profile.data", bob.cookie)).text()).not.toContain(alice.email);

    // A visitor, a forged cookie and garbage: sent to /auth, no member data, never a 5xx.
    for (const cookie of [
      undefined,
      "better-auth.session_token=forged.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA%3D",
      "better-auth.session_token=%E0%A4%A",
      `better-auth.session_token=${"x".repeat(5000)}`,
    ]) {
      const answer = await get(request, "/profile.data", cookie);
      expect(answer.status(), String(cookie)).toBeLessThan(500);
      const text = await answer.text();
      expect(text).not.toContain(alice.email);
      expect(text).not.toContain(bob.email);
      expect(`${answer.headers()["x-remix-redirect"] ?? ""}${answer.headers().location ?? ""}${text}`).toContain("/auth");
    }
    // A visitor's /profile is not the shell: the redirect to /auth as before.
    const visitor = await get(request, "/profile");
    expect(visitor.status()).toBe(302);
    expect(visitor.headers().location).toMatch(/\/auth$/);
    // Garbage in the query: not the shared shell, rendered for the member (or refused), never a 5xx.
    const odd = await get(request, `/profile?${"%ZZ&a=".repeat(50)}`, alice.cookie);
    expect(odd.status()).toBeLessThan(500);
    expect(odd.headers()["x-page-cache"]).not.toBe("hit");
  });

  test("the member's data answer is React Router's own, sent in one piece (ADR 0038)", async ({ request }) => {
    const decoded = async (answer: APIResponse) =>
      (await decodeTurboStream(new Response(new Uint8Array(await answer.body())).body!, globalThis)).value;
    // The everyday request is answered before React Router; with `_routes` React Router itself answers.
    const direct = await get(request, "/profile.data", alice.cookie);
    const routed = await get(request, "/profile.data?_routes=root,routes/profile", alice.cookie);
    expect(direct.status()).toBe(200);
    expect(routed.status()).toBe(200);
    for (const name of ["content-type", "x-remix-response", "cache-control", "vary"]) {
      expect(direct.headers()[name], name).toBe(routed.headers()[name]);
    }
    // One piece with its length (React Router streams it) and no cookie set.
    expect(direct.headers()["content-length"]).toMatch(/^\d+$/);
    expect(routed.headers()["content-length"]).toBeUndefined();
    expect(direct.headers()["set-cookie"]).toBeUndefined();
    const value = (await decoded(direct)) as Record<string, { data: { user?: { email?: string }; profile?: { email?: string } } }>;
    expect(value).toEqual(await decoded(routed));
    expect(value.root.data.user?.email).toBe(alice.email);
    expect(value["routes/profile"].data.profile?.email).toBe(alice.email);

    // Not the everyday case: React Router answers, as before (a notice cookie, a HEAD, a body on a GET).
    const withNotice = await get(request, "/profile.data", `${alice.cookie}; account_notice=confirmed`);
    expect(withNotice.status()).toBeLessThan(500);
    expect(withNotice.headers()["content-length"]).toBeUndefined();
    const head = await request.head("/profile.data", { headers: { cookie: alice.cookie } });
    expect(head.status()).toBeLessThan(500);
    const withBody = await request.fetch("/profile.data", {
      method: "GET",
      headers: { cookie: alice.cookie, "content-type": "text/plain" },
      data: "x".repeat(100),
    });
    expect(withBody.status()).toBeLessThan(500);
    expect(await withBody.text()).not.toContain(bob.email);
  });

  test("with JavaScript the page fills in its member's data and the header shows them signed in", async ({ browser }) => {
    const context = await browser.newContext();
    await context.addCookies(
      alice.cookie.split("; ").map((pair) => {
        const [name, ...value] = pair.split("=");
        return { name: name!, value: value.join("="), url: test.info().project.use.baseURL! };
      }),
    );
    const page = await context.newPage();
    await gotoHydrated(page, "/profile");
    await expect(page.getByLabel("Username")).toHaveValue(alice.username);
    await expect(page.locator("#profile-email")).toHaveValue(alice.email);
    const bar = page.getByRole("banner");
    await expect(bar.getByRole("button", { name: "Logout" }).first()).toBeAttached();
    await expect(bar.getByRole("link", { name: "Get Started" })).toHaveCount(0);
    await expect(page.getByTestId("session-row").first()).toBeVisible();
    // An action and its revalidation still work from the shell: the saved name stays after a reload.
    await page.getByLabel("Username").fill("shell-alice2");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Profile updated successfully" })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Username")).toHaveValue("shell-alice2");
    alice.username = "shell-alice2";
    await context.close();
  });

  test("without JavaScript the shell sends the browser to the page rendered with the member's data", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.addCookies(
      bob.cookie.split("; ").map((pair) => {
        const [name, ...value] = pair.split("=");
        return { name: name!, value: value.join("="), url: test.info().project.use.baseURL! };
      }),
    );
    const page = await context.newPage();
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/profile\?view=full/);
    await expect(page.getByLabel("Username")).toHaveValue(bob.username);
    await expect(page.getByRole("banner").getByRole("button", { name: "Logout" }).first()).toBeAttached();
    // A form without JavaScript: the server's answer is the page again, with the change.
    await page.getByLabel("Username").fill("shell-bob2");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByLabel("Username")).toHaveValue("shell-bob2");
    // Saved: the next visit (shell, then the full page again) shows it.
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/profile\?view=full/);
    await expect(page.getByLabel("Username")).toHaveValue("shell-bob2");
    await context.close();
  });
});
