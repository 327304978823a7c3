import { createEndpoint, createInternalContext, serializeSignedCookie } from "better-call";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { carriesSessionCookie, readCookie, sessionCookieValue, verifiedSignedCookie } from "./cookies.server";

/**
 * The one Cookie reader (ADR 0014) against the library: better-auth reads its session cookie in a
 * better-call endpoint (`ctx.getCookie` / `ctx.getSignedCookie`); whatever header a client sends, the
 * page cache, the guard and the console gate must see the cookie that endpoint sees.
 */
const SESSION = "better-auth.session_token";
const SECURE_SESSION = `__Secure-${SESSION}`;

const libraryRead = createEndpoint("/read", { method: "GET" }, async (ctx) => ({
  plain: ctx.getCookie(SESSION),
  secure: ctx.getCookie(SECURE_SESSION),
  notice: ctx.getCookie("account_notice"),
}));

async function library(header: string) {
  return libraryRead({ headers: new Headers({ cookie: header }) });
}

const names = fc.constantFrom(
  SESSION,
  SECURE_SESSION,
  ` ${SESSION}`,
  `${SESSION} `,
  `${SESSION}\t`,
  "better-auth%2Esession_token",
  "Better-Auth.Session_Token",
  "evil-better-auth.session_token",
  "account_notice",
  "language",
  "x",
  "",
);
const values = fc.oneof(
  fc.constantFrom(
    "abc.def",
    "",
    '"quoted.sig"',
    '"',
    "%E0%A4%A",
    "a%3Db",
    "tok.sig%3D",
    " spaced ",
    "a=b",
    "confirmed",
    "pending%3Aa%40b.c",
  ),
  fc.string({ maxLength: 8 }),
);
const equals = fc.constantFrom("=", " =", "= ", " = ", "==");
const separators = fc.constantFrom("; ", ";", " ; ", ";;", "; ;", ",", "\t;");
const pairs = fc.array(fc.tuple(names, equals, values), { minLength: 0, maxLength: 5 });
const headers = fc
  .tuple(pairs, fc.array(separators, { minLength: 5, maxLength: 5 }), fc.string({ maxLength: 6 }))
  .map(([list, seps, tail]) => list.map(([name, eq, value], index) => `${name}${eq}${value}${seps[index]}`).join("") + tail)
  .filter((header) => header.length > 0 && !/[\r\n\0]/.test(header));

describe("the one Cookie reader", () => {
  it("sees the session cookie exactly where better-auth's endpoint reads it, on generated headers", async () => {
    await fc.assert(
      fc.asyncProperty(headers, async (header) => {
        const seen = await library(header);
        // A cookie the library reads (getCookie gives null for an empty one) is the one we read.
        if (seen.secure) expect(sessionCookieValue(header, SECURE_SESSION)).toBe(seen.secure);
        if (seen.plain) expect(sessionCookieValue(header, SESSION)).toBe(seen.plain);
        if (seen.secure || seen.plain) expect(carriesSessionCookie(header)).toBe(true);
        expect(readCookie(header, "account_notice") || null).toBe(seen.notice);
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ["a space before =", `${SESSION} =abc.def`],
    ["no space after ;", `language=de;${SESSION}=abc.def`],
    ["a tab around the name", `x=1;\t${SESSION}\t=abc.def`],
    ["a quoted value", `${SESSION}="abc.def"`],
    ["the HTTPS name", `${SECURE_SESSION}=abc.def`],
  ])("counts a session cookie with %s (the page cache never stores the answer)", async (_, header) => {
    const seen = await library(header);
    const name = header.includes(SECURE_SESSION) ? SECURE_SESSION : SESSION;
    expect(seen.plain ?? seen.secure).toBe("abc.def");
    expect(carriesSessionCookie(header)).toBe(true);
    expect(sessionCookieValue(header, name)).toBe("abc.def");
  });

  it("takes the first of two session cookies, as the library does", async () => {
    const header = `${SESSION}=first.a; ${SESSION}=second.b`;
    expect((await library(header)).plain).toBe("first.a");
    expect(sessionCookieValue(header, SESSION)).toBe("first.a");
  });

  it("does not take a look-alike name, an encoded name or another cookie's value for the session cookie", () => {
    for (const header of [
      "evil-better-auth.session_token=abc",
      "note=better-auth.session_token=abc",
      "better-auth%2Esession_token=abc",
      "language=de",
    ]) {
      expect(carriesSessionCookie(header)).toBe(false);
    }
    expect(carriesSessionCookie(undefined)).toBe(false);
    expect(carriesSessionCookie(`${SESSION}=; language=de`)).toBe(true);
  });

  it("verifies a signed cookie as the library does: what it accepts, better-call accepts, tampered or not", async () => {
    const secret = "a-test-secret-of-enough-length-0123456789";
    const librarySigned = async (header: string) =>
      (
        await createInternalContext({ headers: new Headers({ cookie: header }) }, { options: { method: "GET" }, path: "/" })
      ).getSignedCookie(SESSION, secret);
    const tamper = fc.constantFrom("none", "flip", "cut", "space", "quote", "secret", "urlsafe", "unsigned");
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/), tamper, async (token, how) => {
        let pair = (await serializeSignedCookie(SESSION, token, how === "secret" ? `${secret}!` : secret)).split(";")[0]!;
        const value = pair.slice(SESSION.length + 1);
        if (how === "flip") pair = `${SESSION}=${value.slice(0, -6)}${value.at(-6) === "A" ? "B" : "A"}${value.slice(-5)}`;
        if (how === "cut") pair = pair.slice(0, -4);
        if (how === "space") pair = `${SESSION} = ${value}`;
        if (how === "quote") pair = `${SESSION}="${value}"`;
        if (how === "urlsafe") pair = `${SESSION}=${decodeURIComponent(value).replace(/\+/g, "-").replace(/\//g, "_")}`;
        if (how === "unsigned") pair = `${SESSION}=${token}`;
        const ours = verifiedSignedCookie(pair, SESSION, secret);
        const theirs = await librarySigned(pair);
        if (ours !== undefined) expect(theirs).toBe(ours);
        if (how === "none" || how === "space" || how === "quote") expect(ours).toBe(token);
        if (theirs === false || theirs === null) expect(ours).toBeUndefined();
      }),
      { numRuns: 500 },
    );
    expect(verifiedSignedCookie(undefined, SESSION, secret)).toBeUndefined();
  });
});
