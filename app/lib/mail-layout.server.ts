import type { MailBrand } from "./brand";
import { THEME_COLOURS } from "./contrast";
import type { Language } from "./i18n";
import { escapeHtml } from "./mailer.server";

/**
 * The HTML part of the transactional mails (account, launch list; ADR 0076): the brand's logo, a card of
 * paragraphs, one button in the brand colour with the theme's dark text (AA by the colour's own rule,
 * app/lib/contrast.ts) and, under it, a short fallback link instead of the raw token URL. The plain-text
 * part, written by each mail, keeps the URLs. Every text is escaped here; callers pass plain strings.
 */
export type MailBlock =
  | { text: string }
  | { muted: string }
  | { button: { url: string; label: string; fallbackLead: string; fallbackLink: string } }
  | { link: { url: string; label: string } };

const MUTED = "#a9b3c6";

function block(item: MailBlock, brand: MailBrand) {
  if ("text" in item) return `<p>${escapeHtml(item.text)}</p>`;
  if ("muted" in item) return `<p style="color:${MUTED}">${escapeHtml(item.muted)}</p>`;
  if ("link" in item) return `<p><a href="${escapeHtml(item.link.url)}" style="color:#f3f5f9">${escapeHtml(item.link.label)}</a></p>`;
  const { url, label, fallbackLead, fallbackLink } = item.button;
  return `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:${brand.accent};color:${THEME_COLOURS.buttonText};font-weight:600;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(label)}</a></p>
<p style="font-size:13px;color:${MUTED}">${escapeHtml(fallbackLead)} <a href="${escapeHtml(url)}" style="color:#f3f5f9">${escapeHtml(fallbackLink)}</a></p>`;
}

/**
 * The company's name in its brand colour heads the mail, as text; with a logo, the logo stands beside it
 * as the cell's background (ADR 0088). A picture (<img>) in a short transactional mail costs it
 * SpamAssassin's HTML_IMAGE_ONLY rules (1.4–2.1 points for the confirmation mail, against at most 1.0
 * without; spamassassin.system.test.ts); a background does not, and a client that draws no backgrounds
 * (Outlook for Windows) shows the name alone, as without a logo.
 */
function head(brand: MailBrand) {
  const name = escapeHtml(brand.name);
  const text = `font-size:20px;font-weight:700;color:${brand.accent}`;
  if (!brand.logo) return `<p style="margin:0 0 16px;${text}">${name}</p>`;
  const { url, width, height } = brand.logo;
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px"><tr><td style="background-image:url('${escapeHtml(url)}');background-repeat:no-repeat;background-position:left center;background-size:${width}px ${height}px;padding-left:${width + 12}px;height:${height}px;${text}">${name}</td></tr></table>`;
}

export function brandedMailHtml(options: {
  language: Language;
  brand: MailBrand;
  blocks: MailBlock[];
  unsubscribe?: { url: string; label: string };
}) {
  const { language, brand, blocks, unsubscribe } = options;
  return `<!doctype html><html lang="${language}"><body style="margin:0;font-family:'Source Sans 3',Arial,sans-serif;font-size:16px;line-height:1.5;background:#0b0f19;color:#f3f5f9;padding:24px">
<div style="max-width:560px;margin:0 auto">
${head(brand)}
<div style="background:#121826;border:1px solid #273148;border-radius:12px;padding:8px 24px">
${blocks.map((item) => block(item, brand)).join("\n")}
</div>
${unsubscribe ? `<p style="font-size:13px;text-align:center"><a href="${escapeHtml(unsubscribe.url)}" style="color:${MUTED}">${escapeHtml(unsubscribe.label)}</a></p>` : ""}
</div></body></html>`;
}
