import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newsletterConsents, profiles } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { createAccount, TEST_ORIGIN as ORIGIN, useAuthTestEnv } from "../../../tests/helpers/accounts.server";
import { loggedMails, runJobsUntilIdle } from "../../../tests/helpers/jobs";
import { confirmAction, confirmLoader, unsubscribeAction, unsubscribeLoader } from "./newsletter-routes.server";
import { getConsentRecords, listNewsletterSubscribers, queueNewsletterMail } from "./newsletter-records.server";
import { NEWSLETTER_WORDING_VERSION } from "./newsletter.server";
import { getProfile, saveProfile } from "./profile.server";

async function mailsTo(to: string) {
  return (await loggedMails()).filter((mail) => mail.to === to).map((mail) => ({ ...mail, text: mail.text ?? "" }));
}

function linkIn(text: string, marker: string) {
  const found = (text.match(/https?:\/\/\S+/g) ?? []).find((url) => url.includes(marker));
  if (!found) throw new Error(`no ${marker} link`);
  return found;
}

async function result(response: unknown) {
  const value = response as { data: { state: string }; init?: { status?: number } };
  return { state: value.data.state, status: value.init?.status ?? 200 };
}

describe("newsletter double opt-in", () => {
  useAuthTestEnv({ requireEmailConfirmation: true });

  it("sign-up asks by mail in the user's language and stores the proof; only the link makes it active", async () => {
    const userId = await createAccount("nora@example.com", { newsletter: true, language: "de" });
    const [consent] = await db().select().from(newsletterConsents).where(eq(newsletterConsents.userId, userId));
    expect(consent).toMatchObject({
      email: "nora@example.com",
      status: "pending",
      source: "signup",
      wording: "Newsletter abonnieren",
      wordingVersion: NEWSLETTER_WORDING_VERSION,
      language: "de",
      confirmedAt: null,
    });
    expect(consent.requestedAt).toBeInstanceOf(Date);
    expect((await getProfile(userId))?.newsletterStatus).toBe("pending");
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, userId));
    expect(profile.newsletterSubscribed).toBe(false);
    expect(await listNewsletterSubscribers()).toEqual([]);

    const mail = (await mailsTo("nora@example.com")).find((entry) => entry.text.includes("/newsletter/confirm"))!;
    expect(mail.subject).toBe("Bitte bestätigen Sie Ihr Newsletter-Abonnement");
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers?.["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:3000\/newsletter\/unsubscribe\?c=[0-9a-f-]{36}&s=[\w-]+>$/);

    // Opening the link (a mail scanner too) only shows the button.
    const confirmUrl = linkIn(mail.text, "/newsletter/confirm");
    expect(confirmLoader(new Request(confirmUrl)).state).toBe("ready");
    expect((await getProfile(userId))?.newsletterStatus).toBe("pending");

    expect(await result(await confirmAction(new Request(confirmUrl, { method: "POST" })))).toEqual({ state: "confirmed", status: 200 });
    const [confirmed] = await db().select().from(newsletterConsents).where(eq(newsletterConsents.id, consent.id));
    expect(confirmed.status).toBe("confirmed");
    expect(confirmed.confirmedAt).toBeInstanceOf(Date);
    expect((await getProfile(userId))?.newsletterStatus).toBe("active");
    expect((await listNewsletterSubscribers()).map((entry) => entry.email)).toEqual(["nora@example.com"]);
    expect(await result(await confirmAction(new Request(confirmUrl, { method: "POST" })))).toMatchObject({ state: "already" });

    const forged = `${ORIGIN}/newsletter/confirm?token=${"x".repeat(43)}`;
    expect(await result(await confirmAction(new Request(forged, { method: "POST" })))).toEqual({ state: "invalid", status: 400 });
  });

  it("every newsletter mail leaves with List-Unsubscribe headers; the one-click POST works without a session and is recorded", async () => {
    const userId = await createAccount("otto@example.com", { newsletter: true, language: "en" });
    const mail = (await mailsTo("otto@example.com")).find((entry) => entry.text.includes("/newsletter/confirm"))!;
    await confirmAction(new Request(linkIn(mail.text, "/newsletter/confirm"), { method: "POST" }));
    const [subscriber] = await listNewsletterSubscribers();
    expect(await queueNewsletterMail(subscriber.consentId, { subject: "News", text: "Hello", html: "<p>Hello</p>" })).toBe(true);

    // Delivered as .eml (SMTP_URL unset): the headers are on the wire.
    await runJobsUntilIdle();
    const dir = path.join(getEnv().DATA_DIR, "outbox");
    const files = fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name), "utf8"));
    // Header lines may be folded (RFC 5322): unfold before reading them.
    const news = files.find((content) => /^Subject: News$/m.test(content))!.replace(/\r?\n[ \t]+/g, " ");
    expect(news).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const header = /^List-Unsubscribe: +<([^>]+)>$/m.exec(news)![1];
    expect(header).toBe(subscriber.unsubscribeUrl);

    // A tampered link does nothing; the mailbox provider's POST (no cookie, no origin) does.
    const tampered = header.replace(/s=[\w-]+/, "s=AAAA");
    expect(unsubscribeLoader(new Request(tampered)).state).toBe("invalid");
    expect(await result(await unsubscribeAction(new Request(tampered, { method: "POST" })))).toEqual({ state: "invalid", status: 400 });
    expect((await getProfile(userId))?.newsletterStatus).toBe("active");

    expect(unsubscribeLoader(new Request(header)).state).toBe("ready");
    const oneClick = new Request(header, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(await result(await unsubscribeAction(oneClick))).toEqual({ state: "unsubscribed", status: 200 });
    expect((await getProfile(userId))?.newsletterStatus).toBe("none");
    const [record] = await getConsentRecords({ userId });
    expect(record).toMatchObject({ status: "withdrawn", withdrawnVia: "one-click" });
    expect(record.withdrawnAt).toBeInstanceOf(Date);
    expect(await listNewsletterSubscribers()).toEqual([]);
    expect(await queueNewsletterMail(subscriber.consentId, { subject: "News 2", text: "x", html: "x" })).toBe(false);

    // A large garbage body is never read; the link alone decides.
    const garbage = new Request(header, { method: "POST", body: "x".repeat(2_000_000) });
    expect(await result(await unsubscribeAction(garbage))).toEqual({ state: "unsubscribed", status: 200 });
  });

  it("the profile switch asks for consent (pending) and switching off withdraws it", async () => {
    const userId = await createAccount("paula@example.com", { newsletter: false, language: "es" });
    expect(await db().select().from(newsletterConsents)).toHaveLength(0);
    await saveProfile(userId, { username: "paula", customerType: "private", newsletterSubscribed: true }, "es");
    const [consent] = await db().select().from(newsletterConsents).where(eq(newsletterConsents.userId, userId));
    expect(consent).toMatchObject({ source: "profile", language: "es", status: "pending" });
    expect(consent.wording).toBe("Suscripción al boletín: Recibir novedades y noticias por correo electrónico");
    expect((await getProfile(userId))?.newsletterStatus).toBe("pending");
    // Saving again while pending sends no second mail.
    await saveProfile(userId, { username: "paula", customerType: "private", newsletterSubscribed: true }, "es");
    expect((await mailsTo("paula@example.com")).filter((mail) => mail.text.includes("/newsletter/confirm"))).toHaveLength(1);

    await saveProfile(userId, { username: "paula", customerType: "private", newsletterSubscribed: false }, "es");
    expect((await getProfile(userId))?.newsletterStatus).toBe("none");
    const [cancelled] = await getConsentRecords({ userId });
    expect(cancelled).toMatchObject({ status: "cancelled", withdrawnVia: "profile" });
    // The old link no longer confirms.
    const mail = (await mailsTo("paula@example.com")).find((entry) => entry.text.includes("/newsletter/confirm"))!;
    expect(await result(await confirmAction(new Request(linkIn(mail.text, "/newsletter/confirm"), { method: "POST" })))).toMatchObject({
      state: "invalid",
    });
  });
});
