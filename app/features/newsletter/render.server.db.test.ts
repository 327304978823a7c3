import { beforeEach, describe, expect, it } from "vitest";
import { getEnv } from "~/lib/env.server";
import type { RichDoc } from "~/lib/rich-text";
import { resetDatabase } from "../../../tests/helpers/database";
import { insertPicture } from "../../../tests/helpers/page-pictures";
import { renderIssue } from "./render.server";

/** A newsletter issue as its mail (ADR 0067): what a recipient's mail program gets of the body's pictures. */
const body = (...content: RichDoc["content"]): RichDoc => ({ type: "doc", content });
const paragraph = (text: string) => ({ type: "paragraph" as const, content: [{ type: "text" as const, text }] });

describe("newsletter mail", () => {
  beforeEach(resetDatabase);

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
    const escaped = origin.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    expect(images[0]).toMatch(new RegExp(`alt="Unser Studio"[^>]*src="${escaped}/page-images/${photo}\\?v=[0-9a-z]+"`));
    expect(images[0]).toMatch(/width="480"/);
    expect(images[1]).toMatch(new RegExp(`alt="A desk"[^>]*src="${escaped}/page-images/${wide}\\?v=`));
    expect(images[1]).toMatch(/width="480"/);
    expect(mail.html).not.toContain(draft);
    expect(mail.html.indexOf("Vorher")).toBeLessThan(mail.html.indexOf(photo));
    expect(mail.html.indexOf(wide)).toBeLessThan(mail.html.indexOf("Nachher"));
    expect(mail.text).toContain("Vorher\n\n[Unser Studio]\n\n[A desk]\n\nNachher");
    expect(mail.text).not.toContain("Entwurf");
  });
});
