import { DEFAULT_MAIL_BRAND, type MailBrand } from "~/lib/brand";
import { mailBrand } from "~/lib/brand.server";
import { getFixedT } from "~/lib/i18n.server";
import { brandedMailHtml } from "~/lib/mail-layout.server";
import type { Language } from "~/lib/i18n";
import { takeMailQuota } from "~/lib/mail-quota.server";
import { queueMail } from "~/lib/mailer.server";
import { greetingNameOf } from "./username";

/**
 * The account mails (confirmation, password reset, email change, change notice, deletion
 * notice), plain text and HTML, in the user's language (namespace `mail`). They go through
 * the durable outbox, so an SMTP outage delays them but never fails the user's action. The HTML
 * part wears the brand (ADR 0076): the logo, a button in the brand colour, a short fallback link.
 */
export type AccountMailKind = "confirm" | "reset" | "changeEmail" | "changeEmailNotice" | "deleted" | "newsletterConfirm" | "invite";

export async function renderAccountMail(
  kind: AccountMailKind,
  language: Language,
  values: { url?: string; name?: string; newEmail?: string; unsubscribeUrl?: string; role?: string },
  brand: MailBrand = DEFAULT_MAIL_BRAND,
) {
  const t = await getFixedT(language);
  // A greeting never carries a URL or a line break from user input (username.ts).
  const vars = {
    name: greetingNameOf(values.name) ?? t("mail.fallbackName"),
    newEmail: values.newEmail ?? "",
    role: values.role ? t(`mail.roles.${values.role}`) : "",
  };
  const subject = t(`mail.${kind}.subject`, vars);
  const intro = t(`mail.${kind}.body`, vars);
  const action = values.url ? t(`mail.${kind}.action`, vars) : undefined;
  const footer = t(`mail.${kind}.footer`, vars);
  const greeting = t("mail.greeting", vars);
  const signature = t("mail.signature");
  const unsubscribe = values.unsubscribeUrl ? t("mail.unsubscribe") : undefined;
  const text = [
    greeting,
    "",
    intro,
    ...(values.url ? ["", `${action}: ${values.url}`] : []),
    "",
    footer,
    "",
    signature,
    ...(values.unsubscribeUrl ? ["", `${unsubscribe}: ${values.unsubscribeUrl}`] : []),
  ].join("\n");
  const html = brandedMailHtml({
    language,
    brand,
    blocks: [
      { text: greeting },
      { text: intro },
      ...(values.url
        ? [{ button: { url: values.url, label: action ?? "", fallbackLead: t("mail.fallbackLead"), fallbackLink: t("mail.fallbackLink") } }]
        : []),
      { muted: footer },
      { text: signature },
    ],
    unsubscribe: values.unsubscribeUrl ? { url: values.unsubscribeUrl, label: unsubscribe ?? "" } : undefined,
  });
  return { subject, text, html };
}

/** A change-of-address mail, within the recipient's daily quota of its kind (ADR 0043). */
export async function sendAccountMail(
  kind: "changeEmail" | "changeEmailNotice",
  to: string,
  language: Language,
  values: { url?: string; name?: string; newEmail?: string },
) {
  if (!(await takeMailQuota(kind, to))) return;
  const mail = await renderAccountMail(kind, language, values, await mailBrand());
  await queueMail({ to, ...mail });
}
