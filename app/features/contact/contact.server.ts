import { contactMessages } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import type { Language } from "~/lib/i18n";
import { logger } from "~/lib/logger.server";
import { escapeHtml, queueMail } from "~/lib/mailer.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { contactFailure, contactValuesOf, HONEYPOT_FIELD, type ContactActionResult, type ContactField } from "./contact-fields";
import { validateContact, type ContactInput } from "./contact-schema";

/** Messages per client address and window (scaled by RATE_LIMIT_FACTOR). */
export const CONTACT_RATE_LIMIT = 5;
export const CONTACT_RATE_WINDOW_S = 10 * 60;

/** Stores the message and, when CONTACT_TO is set, queues its mail in the same transaction. */
export async function storeContactMessage(input: ContactInput, language: Language) {
  const to = getEnv().CONTACT_TO;
  await db().transaction(async (tx) => {
    await tx.insert(contactMessages).values({ ...input, language });
    if (!to) return;
    const text = [
      `Name: ${input.name}`,
      `E-mail: ${input.email}`,
      `Language: ${language}`,
      `Subject: ${input.subject}`,
      "",
      input.message,
    ].join("\n");
    const html =
      `<p><strong>Name:</strong> ${escapeHtml(input.name)}<br>` +
      `<strong>E-mail:</strong> ${escapeHtml(input.email)}<br>` +
      `<strong>Language:</strong> ${language}<br>` +
      `<strong>Subject:</strong> ${escapeHtml(input.subject)}</p>` +
      `<p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`;
    await queueMail(
      // Header injection is impossible: nodemailer encodes the subject, and it is one line.
      { to, subject: `Contact form: ${input.subject.replace(/\s+/g, " ")}`, text, html, replyTo: input.email },
      { executor: tx },
    );
  });
}

function reply(values: Record<ContactField, string>, errors: Record<string, string | undefined>) {
  const error = Object.fromEntries(Object.entries(errors).map(([name, key]) => [name, key ? [key] : null]));
  return { status: "error" as const, initialValue: values, error };
}

const SENT: ContactActionResult = {
  intent: "contact",
  ok: true,
  status: "success",
  // Emptied fields (spec §4 "on success fields are cleared").
  result: { status: "success", initialValue: null },
  toast: { tone: "success", title: "contact.toast.successTitle", description: "contact.toast.successDescription" },
};

/**
 * The contact form's server side: honeypot, the same validation as the browser, a per-address
 * rate limit, then the stored row and the queued mail. Never throws.
 */
export async function submitContact(
  form: FormData,
  { clientIp, language }: { clientIp: string; language: Language },
): Promise<ContactActionResult> {
  const values = contactValuesOf(form);
  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    // Look successful so the bot moves on; nothing is stored or sent.
    logger.info(`Contact form: honeypot filled by ${clientIp}, message dropped`);
    return SENT;
  }
  const validation = validateContact(values);
  if (!validation.success) {
    const { errors, firstError } = validation;
    return { intent: "contact", ok: false, status: "invalid", errors, firstError, values, result: reply(values, errors) };
  }
  try {
    const limit = await hitRateLimit(`contact:${clientIp}`, CONTACT_RATE_LIMIT, CONTACT_RATE_WINDOW_S);
    if (!limit.allowed) {
      const retryAfterMin = Math.max(1, Math.ceil(limit.retryAfterS / 60));
      const toast = {
        tone: "error",
        title: "contact.toast.rateLimitedTitle",
        description: "contact.toast.rateLimitedDescription",
        values: { count: retryAfterMin },
      } as const;
      return { intent: "contact", ok: false, status: "rate-limited", retryAfterMin, values, result: reply(values, {}), toast };
    }
    await storeContactMessage(validation.data, language);
    return SENT;
  } catch (error) {
    logger.error(`Contact form: storing a message failed: ${(error as Error).message}`);
    return contactFailure(values);
  }
}
