import { beforeEach, describe, expect, it } from "vitest";
import { contactMessages } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv, setEnvForTesting } from "~/lib/env.server";
import { action } from "~/routes/contact";
import { resetDatabase } from "../../../tests/helpers/database";
import { loggedMails } from "../../../tests/helpers/jobs";
import { CONTACT_RATE_LIMIT } from "./contact.server";

const baseEnv = getEnv();

function form(values: Record<string, string>) {
  const body = new URLSearchParams(values);
  return new Request("http://localhost/contact", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", cookie: "language=de" },
  });
}

async function submit(values: Record<string, string>, clientIp = "203.0.113.7") {
  // The route action returns data(result, { status }).
  const answer = (await action({ request: form(values), context: { clientIp }, params: {} } as never)) as unknown as {
    data: { status: string; errors?: Record<string, string>; firstError?: string; retryAfterMin?: number };
    init: { status: number };
  };
  return { ...answer.data, httpStatus: answer.init.status };
}

const valid = { name: " Ada ", email: "ada@example.com", subject: "Book a Consultation", message: "We would like to talk <b>soon</b>." };

describe("contact action", () => {
  beforeEach(async () => {
    await resetDatabase();
    setEnvForTesting({ ...baseEnv, CONTACT_TO: "office@example.com", RATE_LIMIT_FACTOR: 1 });
  });

  it("stores the message and queues its mail to CONTACT_TO with reply-to the sender", async () => {
    const result = await submit(valid);
    expect(result).toMatchObject({ status: "success", httpStatus: 200 });
    const rows = await db().select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Ada", email: "ada@example.com", subject: "Book a Consultation", language: "de" });
    const jobs = await loggedMails();
    expect(jobs).toHaveLength(1);
    const mail = jobs[0] as unknown as Record<string, string>;
    expect(mail.to).toBe("office@example.com");
    expect(mail.replyTo).toBe("ada@example.com");
    expect(mail.subject).toContain("Book a Consultation");
    expect(mail.text).toContain("We would like to talk <b>soon</b>.");
    expect(mail.html).toContain("&lt;b&gt;soon&lt;/b&gt;");
  });

  it("stores without mailing when CONTACT_TO is not set", async () => {
    setEnvForTesting({ ...baseEnv, CONTACT_TO: undefined });
    expect((await submit(valid)).status).toBe("success");
    expect(await db().select().from(contactMessages)).toHaveLength(1);
    expect(await loggedMails()).toHaveLength(0);
  });

  it("validates on the server with the same messages and stores nothing", async () => {
    const result = await submit({ name: "", email: "nope", subject: "x", message: "too short" });
    expect(result.httpStatus).toBe(400);
    expect(result.status).toBe("invalid");
    expect(result.errors).toEqual({
      name: "contact.errors.nameRequired",
      email: "contact.errors.emailInvalid",
      message: "contact.errors.messageTooShort",
    });
    expect(result.firstError).toBe("contact.errors.nameRequired");
    expect(await db().select().from(contactMessages)).toHaveLength(0);
    expect(await loggedMails()).toHaveLength(0);
  });

  it("accepts and drops a message whose honeypot is filled", async () => {
    const result = await submit({ ...valid, website: "http://spam.example" });
    expect(result.status).toBe("success");
    expect(await db().select().from(contactMessages)).toHaveLength(0);
    expect(await loggedMails()).toHaveLength(0);
  });

  it("limits messages per client address", async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT; i++) expect((await submit(valid)).status).toBe("success");
    const limited = await submit(valid);
    expect(limited.status).toBe("rate-limited");
    expect(limited.httpStatus).toBe(429);
    expect(limited.retryAfterMin).toBeGreaterThanOrEqual(1);
    expect(limited.retryAfterMin).toBeLessThanOrEqual(10);
    expect(await db().select().from(contactMessages)).toHaveLength(CONTACT_RATE_LIMIT);
    // Another address is not affected.
    expect((await submit(valid, "198.51.100.1")).status).toBe("success");
  });
});
