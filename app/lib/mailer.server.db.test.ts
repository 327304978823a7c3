import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { siteSettings } from "~/db/schema";
import { resetDatabase } from "../../tests/helpers/database";
import { db } from "./db.server";
import { getEnv } from "./env.server";
import { deliverMail, senderOf } from "./mailer.server";
import { invalidateSiteFacts, SITE_SETTINGS_KEY } from "./site-facts.server";

/** The From line of the newest .eml in the outbox, unfolded (RFC 5322). */
async function fromLineOf(subject: string) {
  await deliverMail({ to: "reader@example.com", subject, text: "Hello", html: "<p>Hello</p>" });
  const dir = path.join(getEnv().DATA_DIR, "outbox");
  const files = fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name), "utf8").replace(/\r?\n[ \t]+/g, " "));
  const mail = files.find((content) => content.includes(`Subject: ${subject}`))!;
  return /^From: (.*)$/m.exec(mail)![1];
}

describe("the sender of every mail", () => {
  beforeEach(resetDatabase);
  afterEach(invalidateSiteFacts);

  it("is the company's name from Site settings at MAIL_FROM's address", async () => {
    await db()
      .insert(siteSettings)
      .values({ key: SITE_SETTINGS_KEY, value: { legalName: "Kestrel Media" } });
    invalidateSiteFacts();
    const address = senderOf(getEnv().MAIL_FROM, "").address;
    expect(await fromLineOf("Named sender")).toBe(`Kestrel Media <${address}>`);
  });

  it("falls back to MAIL_FROM's own display name while the company's name is not set", () => {
    expect(senderOf('"IP Angel Team" <hello@ipangel.test>', "")).toEqual({ name: "IP Angel Team", address: "hello@ipangel.test" });
    expect(senderOf("IP Angel <hello@ipangel.test>", " ")).toEqual({ name: "IP Angel", address: "hello@ipangel.test" });
    expect(senderOf("hello@ipangel.test", "")).toEqual({ name: "", address: "hello@ipangel.test" });
    expect(senderOf("IP Angel <hello@ipangel.test>", "Kestrel Media")).toEqual({ name: "Kestrel Media", address: "hello@ipangel.test" });
  });
});
