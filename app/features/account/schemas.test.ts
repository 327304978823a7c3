import { describe, expect, it } from "vitest";
import en from "~/locales/en/auth.json";
import enProfile from "~/locales/en/profile.json";
import { changeEmailSchema, changePasswordSchema, firstError, forgotSchema, loginSchema, profileSchema, signupSchema } from "./schemas";

function message(key: string | undefined) {
  if (!key) return undefined;
  const [ns, ...path] = key.split(".");
  let node: unknown = ns === "auth" ? en : enProfile;
  for (const part of path) node = (node as Record<string, unknown>)[part];
  return node;
}

const goodSignup = {
  username: "alice",
  customerType: "private",
  email: "alice@example.com",
  password: "secret123",
  acceptTerms: "on",
  acceptPrivacy: "on",
};

describe("sign-up schema (spec §5, exact messages)", () => {
  const cases: [Record<string, string>, string][] = [
    [{ username: " ab " }, "Username must be at least 3 characters"],
    [{ username: "x".repeat(51) }, "Username must be less than 50 characters"],
    [{ email: "not-an-email" }, "Invalid email address"],
    [{ email: `${"a".repeat(250)}@example.com` }, "Email must be less than 255 characters"],
    [{ password: "short" }, "Password must be at least 8 characters"],
    [{ customerType: "reseller" }, "Please select customer type"],
    [{ acceptTerms: "" }, "You must accept the Terms of Service"],
    [{ acceptPrivacy: "" }, "You must accept the Privacy Policy"],
  ];
  it.each(cases)("%o gives '%s'", (change, expected) => {
    expect(message(firstError(signupSchema.safeParse({ ...goodSignup, ...change })))).toBe(expected);
  });

  it("accepts a valid sign-up, trims, and reads the checkboxes", () => {
    const parsed = signupSchema.parse({ ...goodSignup, username: "  alice ", email: " alice@example.com ", newsletterSubscribed: "on" });
    expect(parsed).toMatchObject({ username: "alice", email: "alice@example.com", newsletterSubscribed: true, acceptTerms: true });
    expect(signupSchema.parse(goodSignup).newsletterSubscribed).toBe(false);
  });

  it("never shows zod's own text for a forged request", () => {
    expect(firstError(signupSchema.safeParse({}))).toMatch(/^auth\./);
  });
});

describe("login, forgot, profile dialogs", () => {
  it("login messages", () => {
    expect(message(firstError(loginSchema.safeParse({ email: "x", password: "a" })))).toBe("Invalid email address");
    expect(message(firstError(loginSchema.safeParse({ email: "a@b.co", password: "" })))).toBe("Password is required");
  });
  it("forgot password needs an address", () => {
    expect(message(firstError(forgotSchema.safeParse({ email: "  " })))).toBe("Please enter your email address");
  });
  it("change email needs both fields", () => {
    expect(message(firstError(changeEmailSchema.safeParse({ newEmail: "", currentPassword: "x" })))).toBe(
      "Please fill in all required fields",
    );
    expect(message(firstError(changeEmailSchema.safeParse({ newEmail: "a@b.co", currentPassword: "" })))).toBe(
      "Please fill in all required fields",
    );
  });
  it("change password rules in the spec's order", () => {
    const run = (value: Record<string, string>) => message(firstError(changePasswordSchema.safeParse(value)));
    expect(run({ currentPassword: "", newPassword: "a", confirmPassword: "a" })).toBe("Please fill in all password fields");
    expect(run({ currentPassword: "x", newPassword: "abcdefgh", confirmPassword: "abcdefgX" })).toBe("Passwords do not match");
    expect(run({ currentPassword: "x", newPassword: "abc", confirmPassword: "abc" })).toBe("Password must be at least 8 characters");
    expect(run({ currentPassword: "x", newPassword: "abcdefgh", confirmPassword: "abcdefgh" })).toBeUndefined();
  });
  it("profile save reads the switch", () => {
    expect(profileSchema.parse({ username: "bob", customerType: "business" }).newsletterSubscribed).toBe(false);
    expect(profileSchema.parse({ username: "bob", customerType: "business", newsletterSubscribed: "on" }).newsletterSubscribed).toBe(true);
  });
});
