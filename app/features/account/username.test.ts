import { describe, expect, it } from "vitest";
import { renderAccountMail } from "./mail.server";
import { signupSchema, profileSchema } from "./schemas";
import { fitUsername, greetingNameOf, isValidUsername } from "./username";

/** Names in mail (issue 9): 3–50 characters, no control characters, no link in a greeting. */
describe("username rule", () => {
  it("accepts 3–50 characters without control characters, counting characters not bytes", () => {
    expect(isValidUsername("Ada")).toBe(true);
    expect(isValidUsername("ü".repeat(50))).toBe(true);
    expect(isValidUsername("😀😀😀")).toBe(true);
    for (const bad of ["ab", "x".repeat(51), "two\nlines", "tab\there", "nul\u0000", "bidi\u202Eevil", "line\u2028sep"]) {
      expect(isValidUsername(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it("the sign-up and profile schemas hold it with translated messages", () => {
    const base = { email: "a@example.com", password: "secret-pass-1", customerType: "private", acceptTerms: "on", acceptPrivacy: "on" };
    const issue = (username: string) => signupSchema.safeParse({ ...base, username }).error?.issues[0]?.message;
    expect(issue("a")).toBe("auth.errors.usernameMin");
    expect(issue("x".repeat(51))).toBe("auth.errors.usernameMax");
    expect(issue("Hello\nYour account is locked")).toBe("auth.errors.usernameInvalid");
    expect(profileSchema.safeParse({ username: "ab", customerType: "private" }).success).toBe(false);
    expect(profileSchema.safeParse({ username: "x".repeat(20_000), customerType: "private" }).success).toBe(false);
  });

  it("fits a name from elsewhere (Google) to the rule", () => {
    expect(fitUsername("Gina Google", "gina")).toBe("Gina Google");
    expect(fitUsername("Evil\r\nVERIFY", "x")).toBe("Evil VERIFY");
    expect([...fitUsername("y".repeat(80), "x")].length).toBe(50);
    expect(fitUsername("A", "gina.g")).toBe("gina.g");
    expect(fitUsername("", "ab")).toBe("ab_");
  });

  it("a mail greeting never carries a URL or a line break from user input", async () => {
    for (const name of ["Your account is locked. VERIFY NOW at https://evil.example", "visit www.evil.example", "evil.example", "x@evil.example", "Hello\nthere"]) {
      const greeting = greetingNameOf(name);
      expect(greeting === undefined || !/[\r\n]|https?:|www\.|\.example/.test(greeting), name).toBe(true);
      const mail = await renderAccountMail("confirm", "en", { name, url: "http://localhost:3000/api/auth/verify-email?token=t" });
      const first = mail.text.split("\n")[0]!;
      expect(first, name).not.toMatch(/evil|https?:|www\./);
      expect(mail.html).not.toContain("evil.example");
    }
    expect((await renderAccountMail("confirm", "de", { name: "Ada Lovelace" })).text.split("\n")[0]).toContain("Ada Lovelace");
  });
});
