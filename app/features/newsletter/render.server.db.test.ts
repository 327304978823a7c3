import { beforeEach, describe, expect, it } from "vitest";
import { getEnv } from "~/lib/env.server";
import type { RichDoc } from "~/lib/rich-text";
import { resetDatabase } from "../../../tests/helpers/database";
import { insertPicture, setLogo } from "../../../tests/helpers/page-pictures";
import { forgetBrand } from "~/lib/brand.server";
import { renderIssue } from "./render.server";

/** A newsletter issue as its mail (ADR 0067): what a recipient's mail program gets of the body's pictures. */
const body = (...content: RichDoc["content"]): RichDoc => ({ type: "doc", content });
const paragraph = (text: string) => ({ type: "paragraph" as const, content: [{ type: "text" as const, text }] });

describe("newsletter mail", () => {
  beforeEach(async () => {
    await resetDatabase();
    forgetBrand();
  });

  it("shows a published library picture at the site's public address, at most 480 px wide, its alt text in the text part", async () => {
    const photo = await insertPicture("Studio", { altText: "The studio" });
    const wide = await insertPicture("Wide", { widthPx: 4000, heightPx: 1000 });
    const draft = await insertPicture("Not yet", { publishedAt: null });
    const mail = await renderIssue("de", {
      subject: "Neu",
      preheader: "",
      body: body(
        paragraph("Vorher"),
        { type: "image", attrs: { mediaId: photo, alt: "Unser Studio" } },
        { type: "image", attrs: { mediaId: wide } },
        { type: "image", attrs: { mediaId: draft, alt: "Entwurf" } },
        paragraph("Nachher"),
      ),
    });
    const origin = getEnv().PUBLIC_URL;
    expect(origin).toMatch(/^https?:\/\/[^/]+$/);
    const images = mail.html.match(/<img\b[^>]*>/g) ?? [];
    expect(images).toHaveLength(2);
    expect(images[0]).toContain(`src="${origin}/page-images/${photo}?v=`);
    expect(images[0]).toContain('alt="Unser Studio"');
    expect(images[0]).toMatch(/width="480"/);
    expect(images[1]).toContain(`src="${origin}/page-images/${wide}?v=`);
    expect(images[1]).toContain('alt="A desk"');
    expect(images[1]).toMatch(/width="480"/);
    expect(mail.html).not.toContain(draft);
    expect(mail.html.indexOf("Vorher")).toBeLessThan(mail.html.indexOf(photo));
    expect(mail.html.indexOf(wide)).toBeLessThan(mail.html.indexOf("Nachher"));
    expect(mail.text).toContain("Vorher\n\n[Unser Studio]\n\n[A desk]\n\nNachher");
    expect(mail.text).not.toContain("Entwurf");
  });

  it("heads with the company's logo at most 48 px tall, named by the company, once a logo is set; else with the name only", async () => {
    const issue = { subject: "Neu", preheader: "", body: body(paragraph("Hallo")) };
    const plain = await renderIssue("de", issue);
    expect(plain.html).not.toContain("/brand/logo");
    expect(plain.html).toMatch(/>\s*IP Angel\s*</);

    await setLogo(await insertPicture("Logo", { widthPx: 400, heightPx: 100 }));
    const branded = await renderIssue("de", issue);
    const logo = branded.html.match(/<img\b[^>]*\/brand\/logo[^>]*>/)?.[0] ?? "";
    expect(logo).toContain(`src="${getEnv().PUBLIC_URL}/brand/logo?v=`);
    expect(logo).toContain('alt="IP Angel"');
    expect(logo).toMatch(/height="48"/);
    expect(logo).toMatch(/width="192"/);
    // The name stays under it as text.
    expect(branded.html.indexOf("/brand/logo")).toBeLessThan(branded.html.search(/>\s*IP Angel\s*</));

    // A very wide logo is narrowed to 240 px instead, its height following.
    await setLogo(await insertPicture("Wide logo", { widthPx: 2000, heightPx: 100 }));
    const wide = (await renderIssue("de", issue)).html.match(/<img\b[^>]*\/brand\/logo[^>]*>/)?.[0] ?? "";
    expect(wide).toMatch(/width="240"/);
    expect(wide).toMatch(/height="12"/);
  });
});
