import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("applies the contract's defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.DATA_DIR).toBe(path.resolve("./data"));
    expect(env.MAIL_FROM).toBe("no-reply@localhost");
    expect(env.REQUIRE_EMAIL_CONFIRMATION).toBe(true);
    expect(env.SEED_DEMO).toBe(true);
    expect(env.RATE_LIMIT_FACTOR).toBe(1);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("derives PUBLIC_URL from PORT and trims a trailing slash", () => {
    expect(parseEnv({ PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
    expect(parseEnv({ PUBLIC_URL: "https://example.org/" }).PUBLIC_URL).toBe("https://example.org");
  });

  it("reads flags written as 0/1 or true/false", () => {
    expect(parseEnv({ SEED_DEMO: "0" }).SEED_DEMO).toBe(false);
    expect(parseEnv({ REQUIRE_EMAIL_CONFIRMATION: "false" }).REQUIRE_EMAIL_CONFIRMATION).toBe(false);
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["SMTP_URL", "http://mail"],
    ["RATE_LIMIT_FACTOR", "-2"],
    ["SEED_DEMO", "maybe"],
    ["AUTH_SECRET", "short"],
    ["CONTACT_TO", "not-an-address"],
    ["BOUNCE_IMAP_URL", "pop3://user:pw@mail.example.com/INBOX"],
    ["BOUNCE_IMAP_URL", "imaps://mail.example.com/INBOX"],
    ["BOUNCE_ADDRESS", "bounces"],
    ["BOUNCE_WEBHOOK_TOKEN", "short"],
  ])("stops on a bad %s and names it", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", SMTP_URL: " " }).DATABASE_URL).toBeUndefined();
  });
});
