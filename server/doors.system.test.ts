import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuth, resetAuthForTesting } from "~/features/account/auth.server";
import { getEnv, parseEnv, setEnvForTesting } from "~/lib/env.server";
import { withDatabase } from "../tests/helpers/e2e-server";
import {
  createClient,
  rawRequest,
  signUpConfirmed,
  startSecurityRig,
  uniqueAddress,
  type Client,
  type SecurityRig,
} from "../tests/helpers/http-client";
import { fetchMails, linksIn, waitForMail } from "../tests/helpers/mail";
import { AUTH_BASE_PATH, PUBLIC_AUTH_ENDPOINTS } from "./route-policy";

/**
 * Issue 9, replayed against the built server as an attacker would (ADR 0014): every door
 * the server opens enforces the rules of the matching form, and no input gets a 5xx.
 */
let rig: SecurityRig;
let owner: Client;
const PASSWORD = "owner-secret-1";
let ownerEmail: string;

beforeAll(async () => {
  rig = await startSecurityRig({ TRUST_PROXY: "1" });
  // The library's endpoint list, from the same configuration as the server (Google on).
  const env = getEnv();
  setEnvForTesting(
    parseEnv({
      NODE_ENV: "test",
      DATA_DIR: env.DATA_DIR,
      DATABASE_URL: env.DATABASE_URL,
      AUTH_SECRET: env.AUTH_SECRET,
      LOG_LEVEL: "error",
      PUBLIC_URL: rig.server.url,
      GOOGLE_CLIENT_ID: "security-google-client",
      GOOGLE_CLIENT_SECRET: "security-google-secret",
      GOOGLE_ISSUER: rig.oidc.issuerUrl,
    }),
  );
  resetAuthForTesting();
  ownerEmail = uniqueAddress("owner");
  owner = await signUpConfirmed(rig, ownerEmail, PASSWORD, "owner");
}, 120_000);

afterAll(async () => {
  resetAuthForTesting();
  await rig?.stop();
});

function database<T>(work: Parameters<typeof withDatabase<T>>[1]) {
  return withDatabase(rig.server.dataDir, work);
}

/** Every endpoint better-auth serves with this configuration, from the library itself. */
function libraryEndpoints() {
  const endpoints: { name: string; path: string; methods: string[] }[] = [];
  for (const [name, endpoint] of Object.entries(getAuth().api)) {
    const { path, options } = endpoint as unknown as { path?: string; options?: { method?: string | string[] } };
    if (!path) continue; // server-only (no route)
    const methods = [options?.method ?? "GET"].flat().map((method) => (method === "*" ? "POST" : method));
    endpoints.push({ name, path, methods });
  }
  return endpoints;
}

function isPublic(method: string, path: string) {
  return PUBLIC_AUTH_ENDPOINTS.some((entry) => entry.method === method && entry.path === path);
}

// Real requests to a real server, some with password hashing: room for a busy machine.
describe("/api/auth: one door per action", { timeout: 120_000 }, () => {
  it("lists the library's endpoints and answers 404 for every one the product's pages and mails do not need", async () => {
    const endpoints = libraryEndpoints();
    expect(endpoints.length).toBeGreaterThan(25);
    expect(endpoints.map((endpoint) => endpoint.path)).toEqual(
      expect.arrayContaining([
        "/change-email",
        "/change-password",
        "/delete-user",
        "/sign-in/email",
        "/sign-up/email",
        "/update-user",
        "/verify-email",
      ]),
    );
    const reached: string[] = [];
    for (const { path, methods } of endpoints) {
      const url = `${AUTH_BASE_PATH}${path.replace(/:[a-zA-Z]+/g, "x")}`;
      for (const method of methods) {
        for (const client of [createClient(rig.server.url), createClient(rig.server.url, owner.jar.clone())]) {
          const response = await client.request(url, {
            method,
            ...(method === "GET" || method === "HEAD"
              ? {}
              : {
                  body: JSON.stringify({ email: ownerEmail, password: "x", newEmail: "x@evil.test", name: "x" }),
                  headers: { "content-type": "application/json" },
                }),
          });
          const body = await response.text();
          expect(response.status, `${method} ${url}`).toBeLessThan(500);
          if (isPublic(method, path)) {
            reached.push(`${method} ${path}`);
            continue;
          }
          expect(response.status, `${method} ${url}: ${body.slice(0, 200)}`).toBe(404);
          expect(JSON.parse(body)).toEqual({ error: "Not found." });
        }
      }
    }
    // What stays reachable is exactly the allow-list, each checked below.
    expect([...new Set(reached)].sort()).toEqual(PUBLIC_AUTH_ENDPOINTS.map((entry) => `${entry.method} ${entry.path}`).sort());
  });

  it("any other path or method under /api/auth answers 404 or 405", async () => {
    const client = createClient(rig.server.url);
    expect((await client.request("/api/auth")).status).toBe(404);
    expect((await client.request("/api/auth/sign-in/email/", { method: "POST" })).status).toBe(404);
    expect((await client.request("/api/auth/callback/github")).status).toBe(404);
    expect((await client.request("/api/auth/oauth2/callback/google")).status).toBe(404);
    const post = await client.request("/api/auth/verify-email", { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
  });

  it("the reachable endpoints hold: bad tokens are refused without a session, the Google callback needs its state", async () => {
    const client = createClient(rig.server.url);
    const verify = await client.request("/api/auth/verify-email?token=forged.token.value&callbackURL=/");
    expect(verify.status).toBeLessThan(500);
    expect(verify.status === 302 ? verify.headers.get("location") : String(verify.status)).toMatch(/error=|40\d/);
    expect(client.jar.has(/session_token/)).toBe(false);

    const reset = await client.request("/api/auth/reset-password/forged-token?callbackURL=%2Fprofile");
    expect(reset.status).toBe(302);
    expect(reset.headers.get("location")).toMatch(/\/profile\?error=INVALID_TOKEN/);

    const offsite = await client.request("/api/auth/reset-password/forged-token?callbackURL=https%3A%2F%2Fevil.example%2F");
    expect(offsite.status).toBeLessThan(500);
    expect(offsite.headers.get("location") ?? "").not.toMatch(/evil\.example/);

    const callback = await client.request("/api/auth/callback/google?code=x&state=forged");
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toMatch(/\/auth\?error=/);
    expect(client.jar.has(/session_token/)).toBe(false);
  });
});

describe("reproductions of issue 9", { timeout: 120_000 }, () => {
  it("1. a stolen session cookie cannot change the e-mail address (takeover)", async () => {
    const thief = createClient(rig.server.url, owner.jar.clone());
    const direct = await thief.request("/api/auth/change-email", {
      method: "POST",
      body: JSON.stringify({ newEmail: "x@evil.test" }),
      headers: { "content-type": "application/json" },
    });
    expect(direct.status).toBe(404);
    // The form asks for the current password: missing → 400, wrong → 401.
    const missing = await thief.postForm("/profile", { intent: "changeEmail", js: "1", newEmail: "x@evil.test" });
    expect(missing.status).toBe(400);
    const wrong = await thief.postForm("/profile", { intent: "changeEmail", js: "1", newEmail: "x@evil.test", currentPassword: "guess" });
    expect(wrong.status).toBe(401);
    const queued = await database((db) => db.query(`select count(*)::int as n from mail_log where recipient like '%evil.test%'`));
    expect(queued.rows[0].n).toBe(0);
    expect(await fetchMails(rig.smtpApi, "x@evil.test")).toEqual([]);
    const email = await database((db) => db.query(`select email from users where email = $1`, [ownerEmail]));
    expect(email.rowCount).toBe(1);
  });

  it("2a. 30 wrong passwords from 3 addresses: the library door is closed, the form locks the account after 10", async () => {
    const target = uniqueAddress("guessed");
    await signUpConfirmed(rig, target, "target-secret-1", "guessed");
    const statuses: number[] = [];
    const direct: number[] = [];
    for (let attempt = 0; attempt < 30; attempt++) {
      const from = `198.51.100.${attempt % 3}`;
      const client = createClient(rig.server.url);
      const response = await client.request("/api/auth/sign-in/email", {
        method: "POST",
        body: JSON.stringify({ email: target, password: `wrong-${attempt}` }),
        headers: { "content-type": "application/json", "x-forwarded-for": from },
      });
      direct.push(response.status);
      const form = await client.postForm(
        "/auth",
        { intent: "login", js: "1", email: target, password: `wrong-${attempt}` },
        { "x-forwarded-for": from },
      );
      statuses.push(form.status);
    }
    expect(new Set(direct)).toEqual(new Set([404]));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(new Set(statuses.slice(10))).toEqual(new Set([429]));
    // The right password is refused too while the account is locked.
    const right = await createClient(rig.server.url).postForm(
      "/auth",
      { intent: "login", js: "1", email: target, password: "target-secret-1" },
      { "x-forwarded-for": "198.51.100.77" },
    );
    expect(right.status).toBe(429);
  });

  it("2a'. the same flood does not lock the owner out of a browser they signed in with before (device cookie, ADR 0043)", async () => {
    const owner = uniqueAddress("owner");
    await signUpConfirmed(rig, owner, "owner-secret-1", "owner");
    const home = createClient(rig.server.url);
    const signIn = (client: typeof home, password: string, from: string) =>
      client.postForm("/auth", { intent: "login", js: "1", email: owner, password }, { "x-forwarded-for": from });
    const first = await signIn(home, "owner-secret-1", "192.0.2.250");
    expect(first.status).toBe(200);
    const device = first.headers.getSetCookie().find((line) => line.startsWith("better-auth.device_trust="));
    expect(device).toMatch(/HttpOnly/i);
    expect(device).toMatch(/SameSite=Lax/i);
    // Signing out ends the session; the browser keeps its device cookie.
    expect((await home.postForm("/logout", {})).status).toBe(302);
    expect(home.jar.has(/session_token/)).toBe(false);
    expect(home.jar.has(/device_trust/)).toBe(true);
    for (let attempt = 0; attempt < 30; attempt++) {
      await signIn(createClient(rig.server.url), `wrong-${attempt}`, `198.51.100.${10 + (attempt % 3)}`);
    }
    expect((await signIn(createClient(rig.server.url), "owner-secret-1", "198.51.100.78")).status).toBe(429);
    expect((await signIn(home, "owner-secret-1", "192.0.2.250")).status).toBe(200);
  });

  it("2b. sign-up and name changes keep the form's rules; a mail greeting never carries a URL or a line break", async () => {
    const client = createClient(rig.server.url);
    const base = { intent: "signup", js: "1", customerType: "private", password: "secret-pass-1", acceptTerms: "on", acceptPrivacy: "on" };
    expect(
      (
        await client.request("/api/auth/sign-up/email", {
          method: "POST",
          body: JSON.stringify({ name: "a", email: uniqueAddress("x"), password: "secret-pass-1" }),
          headers: { "content-type": "application/json" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await client.request("/api/auth/update-user", {
          method: "POST",
          body: JSON.stringify({ name: "x".repeat(20_000) }),
          headers: { "content-type": "application/json", cookie: owner.jar.header() },
        })
      ).status,
    ).toBe(404);

    const answers = {
      short: await client.postForm("/auth", { ...base, username: "a", email: uniqueAddress("short") }),
      noTerms: await client.postForm("/auth", { ...base, acceptTerms: "", username: "valid name", email: uniqueAddress("terms") }),
      noPrivacy: await client.postForm("/auth", { ...base, acceptPrivacy: "", username: "valid name", email: uniqueAddress("privacy") }),
      newline: await client.postForm("/auth", { ...base, username: "Hello\nYour account is locked", email: uniqueAddress("newline") }),
      long: await client.postForm("/auth", { ...base, username: "x".repeat(51), email: uniqueAddress("long") }),
    };
    for (const [name, response] of Object.entries(answers)) expect(response.status, name).toBe(400);
    expect(await answers.newline.text()).toContain("auth.errors.usernameInvalid");

    // A name that fits 3–50 characters but reads like a link: stored, never put in a mail.
    const phishing = uniqueAddress("phish");
    const accepted = await client.postForm("/auth", { ...base, username: "VERIFY NOW at https://evil.example", email: phishing });
    expect(accepted.status).toBe(200);
    const mail = await waitForMail(rig.smtpApi, phishing, /Confirm your email address/);
    expect(mail.text.split(/\r?\n/)[0]).toBe("Hello there,");
    expect(mail.text).not.toContain("evil.example");
    expect(mail.html).not.toContain("evil.example");

    // The profile form: 3–50 characters, no control characters.
    const tooLong = await owner.postForm("/profile", { intent: "save", js: "1", username: "x".repeat(20_000), customerType: "private" });
    expect(tooLong.status).toBe(400);
    for (const username of ["ab", "x".repeat(51), "two\nlines", "bidi\u202Eevil"]) {
      const response = await owner.postForm("/profile", { intent: "save", js: "1", username, customerType: "private" });
      expect(response.status, JSON.stringify(username)).toBe(400);
    }
  });

  it("3. Google: an unverified e-mail is not linked to an existing account; a verified one is", async () => {
    const email = uniqueAddress("linked");
    await signUpConfirmed(rig, email, "linked-secret-1", "linked");
    rig.oidc.setIdentity({ sub: `sub-${email}`, email, name: "Mallory", emailVerified: false });
    const refused = await googleSignIn();
    expect(refused.location).toMatch(/\/auth\?error=account_not_linked/);
    expect(refused.client.jar.has(/session_token/)).toBe(false);
    const accounts = await database((db) =>
      db.query(`select a.provider_id from accounts a join users u on u.id = a.user_id where u.email = $1`, [email]),
    );
    expect(accounts.rows.map((row) => row.provider_id)).toEqual(["credential"]);

    rig.oidc.setIdentity({ sub: `sub-${email}`, email, name: "Linked User", emailVerified: true });
    const allowed = await googleSignIn();
    expect(allowed.location).not.toMatch(/error=/);
    expect(allowed.client.jar.has(/session_token/)).toBe(true);
  });

  it("4. a chunked 50 MB body is refused with 413 after the limit, on every kind of door, and the server stays healthy", async () => {
    const fiftyMb = 50 * 1024 * 1024;
    const cases = [
      { path: "/contact", type: "application/x-www-form-urlencoded", cookie: "" },
      { path: "/auth", type: "application/x-www-form-urlencoded", cookie: "" },
      { path: "/profile", type: "multipart/form-data; boundary=x", cookie: "" },
      { path: "/profile", type: "multipart/form-data; boundary=x", cookie: owner.jar.header() },
      { path: "/profile.data", type: "application/x-www-form-urlencoded", cookie: owner.jar.header() },
    ];
    for (const { path, type, cookie } of cases) {
      const answer = await rawRequest(rig.server.url, {
        method: "POST",
        path,
        headers: { "content-type": type, "transfer-encoding": "chunked", ...(cookie ? { cookie } : {}) },
        totalBytes: fiftyMb,
      });
      expect(answer.status, path).toBe(413);
      expect(answer.headers.connection).toBe("close");
      expect(JSON.parse(answer.body).error).toBe("The request is too large. Please send less data.");
      // The server stopped reading long before the end.
      expect(answer.sent, path).toBeLessThan(fiftyMb / 2);
    }
    const closed = await rawRequest(rig.server.url, {
      method: "POST",
      path: "/api/auth/sign-in/email",
      headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      totalBytes: fiftyMb,
    });
    expect(closed.status).toBe(404);
    expect(closed.sent).toBeLessThan(fiftyMb / 2);
    const declared = await rawRequest(rig.server.url, {
      method: "POST",
      path: "/contact",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(fiftyMb) },
      totalBytes: fiftyMb,
    });
    expect(declared.status).toBe(413);
    // German visitors read German.
    const german = await rawRequest(rig.server.url, {
      method: "POST",
      path: "/contact",
      headers: { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked", cookie: "language=de" },
      totalBytes: 1024 * 1024,
    });
    expect(JSON.parse(german.body).error).toBe("Die Anfrage ist zu groß. Bitte senden Sie weniger Daten.");
    expect((await fetch(`${rig.server.url}/healthz`)).status).toBe(200);
  });

  it("5. malformed bodies answer 4xx with a message; OPTIONS / is a 405 warning without a stack", async () => {
    // Its own user: an empty POST to /logout signs out (that is what it is for).
    const signedIn = (await signUpConfirmed(rig, uniqueAddress("malformed"), "malformed-secret-1", "malformed")).jar.header();
    const bodies: Array<{ type?: string; body?: string }> = [
      { type: "application/json", body: "{}" },
      { type: "text/plain", body: "intent=login" },
      { type: "application/xml", body: "<a/>" },
      {},
      { type: "multipart/form-data; boundary=zzz", body: "--zzz\r\nbroken" },
      { type: "multipart/form-data", body: "no boundary" },
      { type: "application/x-www-form-urlencoded; charset=utf-16", body: "a=b" },
      { type: "application/x-www-form-urlencoded", body: "intent=login&email=%00&password=x" },
    ];
    for (const path of ["/auth", "/auth.data", "/profile", "/profile.data", "/contact", "/contact.data", "/shop/cart", "/logout"]) {
      for (const cookie of ["", signedIn]) {
        for (const { type, body } of bodies) {
          const answer = await rawRequest(rig.server.url, {
            method: "POST",
            path,
            headers: {
              ...(type ? { "content-type": type } : {}),
              ...(cookie ? { cookie } : {}),
              "content-length": String(Buffer.byteLength(body ?? "")),
            },
            body: body ?? "",
          });
          const label = `${path} ${type ?? "(none)"} ${cookie ? "signed in" : "signed out"}`;
          expect(answer.status, label).toBeGreaterThanOrEqual(200);
          expect(answer.status, label).toBeLessThan(500);
          expect(answer.body, label).not.toMatch(/\n\s+at .+:\d+:\d+/);
        }
      }
    }
    const options = await rawRequest(rig.server.url, { method: "OPTIONS", path: "/", body: "" });
    expect(options.status).toBe(405);
    expect(options.headers.allow).toBe("GET, HEAD");
    expect(JSON.parse(options.body).error).toBe("This action is not available here.");
    const json = await rawRequest(rig.server.url, {
      method: "POST",
      path: "/auth",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(415);
    expect(JSON.parse(json.body).error).toBe("This kind of content is not accepted here.");
    const log = rig.server.output();
    expect(log).toMatch(/WARN {2}req=[0-9a-f]{16} 405 OPTIONS \/ /);
    expect(log).not.toMatch(/ERROR/);
    expect(log).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
  });

  it("7. a form posted from another site is refused with 403 in the visitor's language and changes nothing; this site's own posts pass", async () => {
    const notify = (email: string, headers: Record<string, string>) => {
      const body = new URLSearchParams({ intent: "notify", js: "1", email, topic: "academy" }).toString();
      return rawRequest(rig.server.url, {
        method: "POST",
        path: "/notify",
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)), ...headers },
        body,
      });
    };
    const stored = async (email: string) =>
      (await database((db) => db.query(`select 1 from launch_notifications where email = $1`, [email]))).rows.length;
    const strangers = uniqueAddress("cross-site");
    for (const origin of ["https://evil.example", "null", "not a url", new URL(rig.server.url).origin.replace("http:", "https:")]) {
      const answer = await notify(strangers, { origin, cookie: "language=de", accept: "text/html" });
      expect(answer.status, origin).toBe(403);
      expect(answer.body, origin).toContain("Dieses Formular wurde von einer anderen Website gesendet");
    }
    expect(await stored(strangers)).toBe(0);
    // The site's own page (its Origin) and a client that sends none (curl, a mail provider) pass.
    const own = uniqueAddress("same-site");
    expect((await notify(own, { origin: new URL(rig.server.url).origin })).status).toBe(200);
    const plain = uniqueAddress("no-origin");
    expect((await notify(plain, {})).status).toBe(200);
    expect((await stored(own)) + (await stored(plain))).toBe(2);
    const log = rig.server.output();
    expect(log).toMatch(/WARN {2}req=[0-9a-f]{16} 403 POST \/notify .*Origin https:\/\/evil\.example is another site/);
    expect(log).not.toMatch(/does not match `origin` header/);
  });

  it("6. HTML pages carry a nonce CSP; signed-in answers are private, no-store; pages vary on Cookie; cached pages keep one ETag per encoding; paths are canonical", async () => {
    const visitor = createClient(rig.server.url);
    for (const path of ["/", "/about", "/auth", "/media", "/shop", "/contact", "/not-a-page"]) {
      const response = await visitor.request(path, { headers: { "accept-encoding": "gzip, br" } });
      const html = await response.text();
      const policy = response.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce, path).toBeTruthy();
      for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"]) {
        expect(policy, path).toContain(directive);
      }
      expect(/script-src[^;]*unsafe-inline/.test(policy), path).toBe(false);
      // Every inline script is allowed by this answer's policy: it carries this answer's nonce, or (a
      // page from the page cache, ADR 0026) its SHA-256 is one of the policy's sources.
      const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        (match) => !/application\/ld\+json/.test(match[1]!),
      );
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const script of scripts) {
        const hash = `'sha256-${createHash("sha256").update(script[2]!, "utf8").digest("base64")}'`;
        expect(script[1]!.includes(`nonce="${nonce}"`) || policy.includes(hash), `${path}: ${script[2]!.slice(0, 60)}`).toBe(true);
      }
      expect(response.headers.get("vary") ?? "", path).toMatch(/Cookie/i);
    }
    // Two answers of a cached page: different nonces, one ETag (the same bytes, ADR 0026), a 304 for it.
    const first = await visitor.request("/about", { headers: { "accept-encoding": "br" } });
    const second = await visitor.request("/about", { headers: { "accept-encoding": "br" } });
    expect(first.headers.get("content-security-policy")).not.toBe(second.headers.get("content-security-policy"));
    const etag = second.headers.get("etag") ?? "";
    expect(etag).toBe(first.headers.get("etag"));
    expect((await visitor.request("/about", { headers: { "if-none-match": etag, "accept-encoding": "br" } })).status).toBe(304);

    for (const path of ["/", "/profile", "/profile.data", "/media", "/about"]) {
      const response = await owner.request(path);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
    const login = await createClient(rig.server.url).postForm("/auth", { intent: "login", js: "1", email: ownerEmail, password: PASSWORD });
    expect(login.headers.get("cache-control")).toBe("private, no-store");

    for (const [from, to] of [
      ["/about/", "/about"],
      ["/ABOUT", "/about"],
      ["/Shop/Cart/", "/shop/cart"],
      ["/about/?lang=de", "/about?lang=de"],
    ] as const) {
      const response = await visitor.request(from);
      expect(response.status, from).toBe(301);
      expect(
        new URL(response.headers.get("location")!, rig.server.url).pathname +
          new URL(response.headers.get("location")!, rig.server.url).search,
      ).toBe(to);
    }
  });

  it("a path that starts with two slashes never redirects off the site", async () => {
    const answer = await rawRequest(rig.server.url, { method: "GET", path: "//evil.example/", body: "" });
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe("/evil.example");
  });

  it("secrets at rest: reset tokens hashed, sent mails' links cleared, sessions end after their absolute lifetime", async () => {
    const email = uniqueAddress("secrets");
    const client = await signUpConfirmed(rig, email, "secret-pass-9", "secrets");
    const forgot = await createClient(rig.server.url).postForm("/auth", { intent: "forgot", js: "1", email });
    expect(forgot.status).toBe(200);
    const mail = await waitForMail(rig.smtpApi, email, /Reset your password/);
    const link = linksIn(mail.text).find((url) => url.includes("/reset-password/"))!;
    const token = /\/reset-password\/([^?]+)/.exec(link)![1]!;
    const stored = await database((db) => db.query(`select identifier from verifications`));
    const identifiers = stored.rows.map((row) => String(row.identifier));
    expect(identifiers.length).toBeGreaterThan(0);
    expect(identifiers.some((identifier) => identifier.includes(token))).toBe(false);
    // The link still works: it leads to the reset form with the token.
    const followed = await createClient(rig.server.url).request(new URL(link).pathname + new URL(link).search);
    expect(followed.headers.get("location")).toContain(`/profile?token=${token}`);

    // Mails that were sent keep no body (no link), in mail_log or in any job pg-boss holds.
    const sent = await database((db) =>
      db.query(`select row_to_json(m)::text as payload from mail_log m where status = 'sent'
        union all select data::text from pgboss.job union all select data::text from pgboss.archive`),
    );
    expect(sent.rowCount).toBeGreaterThan(0);
    for (const row of sent.rows) expect(row.payload).not.toMatch(/https?:\/\//);

    // A session signed in 91 days ago ends, however recently it was used.
    expect((await client.request("/profile")).status).toBe(200);
    await database((db) =>
      db.query(
        `update sessions set created_at = now() - interval '91 days', updated_at = now() where user_id = (select id from users where email = $1)`,
        [email],
      ),
    );
    // `/profile` itself is the member shell (ADR 0031), which reads no session; the page with the
    // member's data (also what the shell's data request runs) looks the session up.
    const expired = await client.request("/profile?view=full");
    expect(expired.status).toBe(302);
    expect(expired.headers.get("location")).toBe("/auth");
    const left = await database((db) =>
      db.query(`select count(*)::int as n from sessions where user_id = (select id from users where email = $1)`, [email]),
    );
    expect(left.rows[0].n).toBe(0);
  });
});

describe("reproductions of issue 28 (parsing and caching)", { timeout: 120_000 }, () => {
  const TRICKS = ["/.//evil.example", "/%2e%2e//evil.example", "/\\evil.example", "//evil.example", "/\t/evil.example"];
  const offSite = (location: string | null) => new URL(location ?? "/", rig.server.url).origin !== new URL(rig.server.url).origin;

  it("3. returnTo never leads off the site: not from the confirmation landing, not after a sign-in", async () => {
    for (const trick of TRICKS) {
      const landing = await createClient(rig.server.url).request(`/auth?confirmed=1&returnTo=${encodeURIComponent(trick)}`);
      expect(landing.status, trick).toBe(302);
      expect(landing.headers.get("location"), trick).toBe("/");
      const login = await createClient(rig.server.url).postForm("/auth", {
        intent: "login",
        email: ownerEmail,
        password: PASSWORD,
        returnTo: trick,
      });
      expect(login.status, trick).toBe(302);
      expect(offSite(login.headers.get("location")), `${trick} → ${login.headers.get("location")}`).toBe(false);
    }
  });

  it("4. a session cookie in any form better-auth reads keeps the signed-in page out of the cache", async () => {
    const [pair] = owner.jar
      .header()
      .split("; ")
      .filter((cookie) => cookie.includes("session_token"));
    const [name, value] = [pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1)];
    for (const cookie of [`${name} =${value}`, `${name}= ${value}`, `language=en;${name}=${value}`, `${name}="${value}"`]) {
      const signedIn = await fetch(`${rig.server.url}/about`, { headers: { cookie } });
      const html = await signedIn.text();
      expect(signedIn.headers.get("x-page-cache"), cookie).toBeNull();
      expect(signedIn.headers.get("cache-control"), cookie).toBe("private, no-store");
      // The owner's page is the owner's (signed-in header: a sign-out link, no sign-in link); what a
      // visitor gets next is a visitor's page.
      expect(html, cookie).toContain('"/logout"');
      expect(html, cookie).not.toContain('"/auth"');
      const next = await (await fetch(`${rig.server.url}/about`)).text();
      expect(next, cookie).not.toContain('"/logout"');
      expect(next, cookie).not.toContain(ownerEmail);
    }
  });

  it("a page's data request sets no language cookie, however many parameters come before its name (one query parser)", async () => {
    // A thousand parameters: as many as another parser (node:querystring) reads before it stops.
    const filler = Array.from({ length: 999 }, (_, index) => `x${index}=`).join("&");
    const answer = await fetch(`${rig.server.url}/media?lang=de&${filler}&page-data=1`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get("set-cookie")).toBeNull();
    // The same address without the data's name is a visitor's link: the language is remembered.
    const link = await fetch(`${rig.server.url}/media?lang=de&${filler}`);
    expect(link.headers.get("set-cookie")).toMatch(/^language=de;/);
  });

  it("4. the first requester's query never reaches the page the next visitor gets", async () => {
    const marker = "tabmarker1234";
    await fetch(`${rig.server.url}/auth?tab=${marker}`);
    await fetch(`${rig.server.url}/auth?tab=${marker}`);
    const next = await fetch(`${rig.server.url}/auth`);
    expect(next.headers.get("x-page-cache")).toBe("hit");
    expect(await next.text()).not.toContain(marker);
  });

  it("5. a forged session cookie does not raise the body limit; a body of many thousand parts is refused unparsed", async () => {
    const half = 512 * 1024;
    for (const cookie of ["", "better-auth.session_token=forged.c2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dQ=="]) {
      const answer = await rawRequest(rig.server.url, {
        method: "POST",
        path: "/profile",
        headers: { "content-type": "multipart/form-data; boundary=x", "transfer-encoding": "chunked", ...(cookie ? { cookie } : {}) },
        totalBytes: half,
      });
      expect(answer.status, cookie || "no cookie").toBe(413);
    }
    // The owner's own session still takes an avatar-sized body (the limit is the image's).
    const avatar = await rawRequest(rig.server.url, {
      method: "POST",
      path: "/profile",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(half), cookie: owner.jar.header() },
      body: Buffer.alloc(half, 0x61),
    });
    expect(avatar.status).not.toBe(413);
    const parts = "a&".repeat(30_000);
    for (const cookie of ["", owner.jar.header()]) {
      const many = await rawRequest(rig.server.url, {
        method: "POST",
        path: "/profile",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(parts.length),
          ...(cookie ? { cookie } : {}),
        },
        body: parts,
      });
      expect(many.status).toBe(413);
    }
    const multipart =
      Array.from({ length: 20_000 }, () => "--x\r\nContent-Disposition: form-data; name=a\r\n\r\n\r\n").join("") + "--x--\r\n";
    const manyParts = await rawRequest(rig.server.url, {
      method: "POST",
      path: "/profile",
      headers: {
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(multipart.length),
        cookie: owner.jar.header(),
      },
      body: multipart,
    });
    expect(manyParts.status).toBe(413);
  });

  it("5. bad filters and cursors answer a page, and the canonical redirect stays on the site", async () => {
    const admin = await signUpConfirmed(rig, uniqueAddress("audit-admin"), "audit-admin-secret-1", "auditadmin");
    await database((db) => db.query(`insert into user_roles (user_id, role) select id, 'admin' from users where name = 'auditadmin'`));
    // A console role needs a second factor (ADR 0044): this admin has one and passed it just now.
    await database((db) => db.query(`update users set two_factor_enabled = true where name = 'auditadmin'`));
    await database((db) =>
      db.query(`update sessions set second_factor_at = now() where user_id = (select id from users where name = 'auditadmin')`),
    );
    const audit = await admin.request("/admin/audit?from=2026-99-99&to=2026-02-30", {
      headers: { cookie: `${admin.jar.header()}; language=de` },
    });
    expect(audit.status).toBe(200);
    expect(await audit.text()).toContain("Kein gültiges Datum – dieser Filter wurde nicht angewendet.");
    const cursor = Buffer.from("2026-99-99 99:99:99+00|0b9f4a52-5d4e-4a36-9d51-6a0f4d1c2b3a").toString("base64url");
    expect((await fetch(`${rig.server.url}/media?cursor=${cursor}`)).status).toBe(200);
    expect(rig.server.output()).not.toMatch(/ ERROR .*(cursor|audit|timestamp)/);
    for (const path of ["/\\evil.example/", "/\\/evil.example/", "//\\evil.example"]) {
      const answer = await rawRequest(rig.server.url, { method: "GET", path, body: "" });
      expect(answer.status, path).toBe(301);
      expect(offSite(answer.headers.location ?? null), `${path} → ${answer.headers.location}`).toBe(false);
      expect(answer.headers.location).toBe("/evil.example");
    }
  });

  it("the page-image door: garbage, over-long, traversing and unknown ids are a plain 404 (HEAD too); it takes no posts", async () => {
    const ids = ["nope", "0b9f4a52-5d4e-4a36-9d51-6a0f4d1c2b3a", "x".repeat(4000), "%00", "..%2F..%2Fetc%2Fpasswd", "%E0%A4%A"];
    for (const id of ids) {
      const answer = await fetch(`${rig.server.url}/page-images/${id}?v=1`);
      expect(answer.status, id.slice(0, 40)).toBe(404);
      expect(answer.headers.get("content-type"), id.slice(0, 40)).toMatch(/^text\/(plain|html)/);
      expect(await answer.text()).not.toMatch(/at [\w.]+ \(|node_modules|stack/i);
      expect((await fetch(`${rig.server.url}/page-images/${id}`, { method: "HEAD" })).status, `HEAD ${id.slice(0, 40)}`).toBe(404);
    }
    const posted = await fetch(`${rig.server.url}/page-images/0b9f4a52-5d4e-4a36-9d51-6a0f4d1c2b3a`, { method: "POST", body: "x=1" });
    expect([403, 405]).toContain(posted.status);
    expect(rig.server.output()).not.toMatch(/ ERROR .*page-images/);
  });

  it("5. files carry the same security headers as pages", async () => {
    const page = await fetch(`${rig.server.url}/about`);
    const html = await page.text();
    const asset = /\/assets\/[^"]+\.css/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    for (const path of ["/favicon.svg", "/robots.txt", asset!]) {
      for (const encoding of ["identity", "br"]) {
        const file = await fetch(`${rig.server.url}${path}`, { headers: { "accept-encoding": encoding } });
        await file.arrayBuffer();
        expect(file.status, path).toBe(200);
        for (const header of ["x-content-type-options", "referrer-policy", "x-frame-options", "permissions-policy"]) {
          expect(file.headers.get(header), `${path} ${encoding} ${header}`).toBe(page.headers.get(header));
        }
        expect(file.headers.get("content-security-policy"), path).toContain("default-src 'none'");
      }
    }
  });

  it("7. each encoding of a cached page has its own ETag, and revalidates with it", async () => {
    const tags = new Map<string, string>();
    for (const encoding of ["identity", "gzip", "br"]) {
      const answer = await fetch(`${rig.server.url}/about`, { headers: { "accept-encoding": encoding } });
      await answer.arrayBuffer();
      tags.set(encoding, answer.headers.get("etag")!);
      const again = await fetch(`${rig.server.url}/about`, {
        headers: { "accept-encoding": encoding, "if-none-match": tags.get(encoding)! },
      });
      expect(again.status, encoding).toBe(304);
    }
    expect(new Set(tags.values()).size).toBe(3);
  });

  it("a page that fails answers 500 with the request id the visitor can quote and the System page lists", async () => {
    // A page's loader that meets a broken database: the news table is gone for a moment.
    await database((client) => client.query("alter table news_post_languages rename to news_post_languages_away"));
    let answer: Response;
    let html: string;
    try {
      answer = await fetch(`${rig.server.url}/news/a-post-while-the-table-is-away`);
      html = await answer.text();
    } finally {
      await database((client) => client.query("alter table news_post_languages_away rename to news_post_languages"));
    }
    expect(answer.status).toBe(500);
    const requestId = answer.headers.get("x-request-id")!;
    expect(requestId).toMatch(/^[\w-]{8,}$/);
    expect(html).toContain("Something went wrong");
    expect(html).toContain(`data-request-id="${requestId}"`);
    expect(html).not.toMatch(/news_post_languages|relation|at [\w.]+ \(/);
    await expect
      .poll(() =>
        database(async (client) => (await client.query("select 1 from recent_errors where request_id = $1", [requestId])).rowCount),
      )
      .toBe(1);
  });
});

/** The Google flow as a browser without JavaScript runs it: form → issuer → callback. */
async function googleSignIn() {
  const client = createClient(rig.server.url);
  const start = await client.postForm("/auth", { intent: "google" });
  expect(start.status).toBe(302);
  const authorize = start.headers.get("location")!;
  const issuer = await fetch(authorize, { redirect: "manual" });
  const callback = issuer.headers.get("location")!;
  expect(callback).toContain("/api/auth/callback/google");
  const url = new URL(callback);
  const done = await client.request(url.pathname + url.search);
  return { client, location: done.headers.get("location") ?? "" };
}
