import { describe, expect, it } from "vitest";
import { DEFAULT_MAIL_BRAND } from "~/lib/brand";
import { AA_CONTRAST, contrastRatio } from "~/lib/contrast";
import { renderAccountMail } from "./mail.server";

const URL_WITH_TOKEN = "http://localhost:3000/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.very-long-token&callbackURL=%2F";

/** The visible text of the HTML part: tags and attributes removed. */
const visibleText = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ");

describe("account mails' HTML (ADR 0076)", () => {
  it("show the company's name, a button in the theme's colour with AA contrast, and a short fallback link", async () => {
    const mail = await renderAccountMail("confirm", "de", { name: "Ada", url: URL_WITH_TOKEN });
    expect(visibleText(mail.html).trim().startsWith("IP Angel")).toBe(true);
    expect(mail.html).not.toContain("<img");
    const button = /<a href="[^"]*" style="[^"]*background:(#[0-9a-f]{6});color:(#[0-9a-f]{6})/.exec(mail.html);
    expect(button?.[1]).toBe(DEFAULT_MAIL_BRAND.accent);
    expect(contrastRatio(button![1]!, button![2]!)).toBeGreaterThanOrEqual(AA_CONTRAST);
    // The token URL is a link target only; the reader sees words. The plain-text part keeps the URL.
    expect(visibleText(mail.html)).not.toContain("token=");
    expect(visibleText(mail.html)).toContain("Die Schaltfläche funktioniert nicht? Link direkt öffnen");
    expect(mail.html.match(/href="http:\/\/localhost:3000\/api\/auth\/verify-email/g)).toHaveLength(2);
    expect(mail.text).toContain(URL_WITH_TOKEN);
  });

  it("wear the operator's name and colour", async () => {
    const brand = { accent: "#ffb000", name: "Kestrel Media" };
    const mail = await renderAccountMail("reset", "es", { url: URL_WITH_TOKEN }, brand);
    expect(mail.html).toContain('color:#ffb000">Kestrel Media</p>');
    expect(mail.html).toContain("background:#ffb000;color:#0b0f19");
    expect(visibleText(mail.html)).toContain("¿El botón no funciona? Abrir el enlace directamente");
  });
});
