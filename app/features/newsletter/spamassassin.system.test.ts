import { spawnSync } from "node:child_process";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderAccountMail } from "~/features/account/mail.server";
import { forgetBrand, mailBrand } from "~/lib/brand.server";
import { getEnv, setEnvForTesting, type Env } from "~/lib/env.server";
import type { Mail } from "~/lib/mailer.server";
import type { RichBlock } from "~/lib/rich-text";
import { resetDatabase } from "../../../tests/helpers/database";
import { insertPicture, setLogo } from "../../../tests/helpers/page-pictures";
import { DEBIAN_PACKAGES, ensureDebianPackages } from "../../../scripts/debian-packages.mjs";
import { renderIssue } from "./render.server";
import { newsletterMail } from "./send.server";

/**
 * Debian's SpamAssassin judges the mails as they leave (issue 24: a newsletter mail scores ≤ 1.0):
 * a newsletter issue in each language (and one headed by the company's logo, with a picture of the
 * library in its body) and the newsletter's confirmation mail, built by the same code
 * and nodemailer as a send (headers, both parts), scored offline (`-L`: no network tests).
 */
const LIMIT = 1.0;
const ISSUE_ID = "0b8c3c4e-1d2f-4a5b-8c7d-9e0f1a2b3c4d";

/** Scores every mail in one run (SpamAssassin takes seconds to start): an mbox in, one X-Spam-Status per mail out. */
function scores(mails: Buffer[]) {
  const mbox = mails
    .map(
      (mail) =>
        `From sender@ipangel.example Thu Nov 26 17:00:00 2026\n${mail
          .toString("utf8")
          .replace(/\r\n/g, "\n")
          .replace(/^From /gm, ">From ")}\n`,
    )
    .join("\n");
  const result = spawnSync("spamassassin", ["-L", "-t", "--mbox"], { input: mbox, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const found = [...result.stdout.matchAll(/^X-Spam-Status: \w+, score=(-?\d+(?:\.\d+)?) required=\S+\s+tests=([^]*?)autolearn/gm)];
  if (found.length !== mails.length) throw new Error(`spamassassin scored ${found.length} of ${mails.length} mails: ${result.stderr}`);
  return found.map((match) => ({ score: Number(match[1]), tests: match[2].replace(/\s+/g, "") }));
}

const BODIES = {
  en: ["Our December news", "This month we opened a new studio in Berlin and published three new courses on sound design."],
  de: [
    "Neuigkeiten im Dezember",
    "Diesen Monat haben wir ein neues Studio in Berlin eröffnet und drei neue Kurse zum Sounddesign veröffentlicht.",
  ],
  es: ["Novedades de diciembre", "Este mes abrimos un nuevo estudio en Berlín y publicamos tres cursos nuevos de diseño de sonido."],
} as const;

describe("SpamAssassin's score of the mails the product sends", () => {
  let base: Env;
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const raw = async (mail: Mail) => (await transport.sendMail({ from: getEnv().MAIL_FROM, ...mail })).message as Buffer;

  beforeAll(async () => {
    ensureDebianPackages([DEBIAN_PACKAGES.spamassassin]);
    base = getEnv();
    setEnvForTesting({ ...base, PUBLIC_URL: "https://www.ipangel.example", MAIL_FROM: "IP Angel <newsletter@ipangel.example>" });
    await resetDatabase();
    forgetBrand();
  });
  afterAll(() => {
    setEnvForTesting(base);
    forgetBrand();
  });

  it(`scores a newsletter issue in each language and the confirmation mail at most ${LIMIT}`, { timeout: 120_000 }, async () => {
    const consentId = "6f1f7f2e-7f5e-4a53-9d43-2a4f3f7b9c10";
    const mails: Array<[string, Buffer]> = [];
    /** An issue as a send mails it; `picture` goes between its text and its link. */
    const issueMail = async (language: keyof typeof BODIES, picture?: RichBlock) => {
      const [heading, paragraph] = BODIES[language];
      const rendered = await renderIssue(language, {
        subject: heading,
        preheader: paragraph.slice(0, 60),
        body: {
          type: "doc",
          content: [
            { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: heading }] },
            { type: "paragraph", content: [{ type: "text", text: paragraph }] },
            ...(picture ? [picture] : []),
            { type: "paragraph", content: [{ type: "text", text: "Read more", marks: [{ type: "link", attrs: { href: "/news" } }] }] },
          ],
        },
      });
      return { html: rendered.html, raw: await raw(await newsletterMail(ISSUE_ID, rendered, { consentId, email: "reader@example.org" })) };
    };
    for (const language of ["en", "de", "es"] as const) mails.push([`${language} newsletter`, (await issueMail(language)).raw]);
    // The same issue once a logo is set, with a picture of the library between its paragraphs.
    await setLogo(await insertPicture("Logo", { widthPx: 400, heightPx: 100 }));
    const studio = await insertPicture("Studio", { altText: "The new studio in Berlin" });
    const withLogo = await issueMail("en", { type: "image", attrs: { mediaId: studio } });
    expect(withLogo.html).toContain("https://www.ipangel.example/brand/logo?v=");
    expect(withLogo.html).toContain(`https://www.ipangel.example/page-images/${studio}?v=`);
    mails.push(["en newsletter with the logo and a picture", withLogo.raw]);
    const confirmation = await renderAccountMail("newsletterConfirm", "de", {
      url: "https://www.ipangel.example/newsletter/confirm?token=Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFy",
      name: "Alex",
    });
    mails.push(["confirmation mail", await raw({ to: "reader@example.org", ...confirmation })]);
    // The account mails with the logo set: it stands beside the company's name (ADR 0088).
    const brand = await mailBrand();
    expect(brand.logo).toEqual({ url: expect.stringMatching(/^https:\/\/www\.ipangel\.example\/brand\/logo\?v=/), width: 128, height: 32 });
    for (const [kind, language] of [
      ["confirm", "en"],
      ["newsletterConfirm", "es"],
      ["reset", "de"],
    ] as const) {
      const mail = await renderAccountMail(
        kind,
        language,
        { url: "https://www.ipangel.example/auth/confirm?token=Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFy", name: "Alex" },
        brand,
      );
      expect(mail.html).toContain(`background-image:url('${brand.logo!.url}')`);
      mails.push([`${kind} mail (${language}) with the logo`, await raw({ to: "reader@example.org", ...mail })]);
    }
    const results = scores(mails.map(([, mail]) => mail));
    results.forEach((result, index) => expect(result.score, `${mails[index][0]}: ${result.tests}`).toBeLessThanOrEqual(LIMIT));
  });
});
