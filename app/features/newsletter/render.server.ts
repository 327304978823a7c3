import mjml2html from "mjml";
import { fitLogo, type BrandPicture } from "~/lib/brand";
import { getBrand, mailBrand } from "~/lib/brand.server";
import { THEME_COLOURS } from "~/lib/contrast";
import { getEnv } from "~/lib/env.server";
import type { Language } from "~/lib/i18n";
import { getFixedT } from "~/lib/i18n.server";
import { escapeHtml } from "~/lib/mailer.server";
import { richTextImages } from "~/lib/page-images.server";
import type { RichTextImages } from "~/components/content/rich-text";
import type { RichBlock, RichDoc, RichTextNode } from "~/lib/rich-text";
import { isPlaceholder } from "~/lib/site-facts";
import { getSiteFacts } from "~/lib/site-facts.server";

/**
 * A newsletter issue's version as the mail it becomes (ADR 0067): MJML renders the responsive HTML,
 * the same document gives the plain-text part. Nothing per recipient but the unsubscribe link: no
 * tracking pixel, no rewritten links. A version is rendered once per send and language with a
 * placeholder for that link (`personalise` fills it in), so a large send does not run MJML per mail.
 */
export interface IssueVersionContent {
  subject: string;
  preheader: string;
  body: RichDoc;
}

export interface RenderedIssue {
  subject: string;
  html: string;
  text: string;
}

export const UNSUBSCRIBE_PLACEHOLDER = "https://unsubscribe.invalid/placeholder";

/** Links of the site (a path) become absolute: a mail is read away from the site. */
function absolute(href: string) {
  return href.startsWith("/") ? `${getEnv().PUBLIC_URL}${href}` : href;
}

function inlineHtml(nodes: RichTextNode[] | undefined) {
  return (nodes ?? [])
    .map((node) => {
      let html = escapeHtml(node.text);
      for (const mark of node.marks ?? []) {
        if (mark.type === "bold") html = `<strong>${html}</strong>`;
        else if (mark.type === "italic") html = `<em>${html}</em>`;
        else html = `<a href="${escapeHtml(absolute(mark.attrs.href))}" style="color:#1d4ed8">${html}</a>`;
      }
      return html;
    })
    .join("");
}

function blocksHtml(blocks: RichBlock[]): string {
  return blocks
    .map((block) => {
      if (block.type === "image") return "";
      if (block.type === "paragraph") return `<p style="margin:0 0 16px">${inlineHtml(block.content)}</p>`;
      if (block.type === "heading") {
        const size = block.attrs.level === 2 ? 22 : 18;
        return `<h${block.attrs.level} style="margin:24px 0 12px;font-size:${size}px;line-height:1.3">${inlineHtml(block.content)}</h${block.attrs.level}>`;
      }
      const tag = block.type === "bulletList" ? "ul" : "ol";
      const items = block.content.map((item) => `<li>${blocksHtml(item.content)}</li>`).join("");
      return `<${tag} style="margin:0 0 16px;padding-left:24px">${items}</${tag}>`;
    })
    .join("");
}

function inlineText(nodes: RichTextNode[] | undefined) {
  return (nodes ?? [])
    .map((node) => {
      const link = node.marks?.find((mark) => mark.type === "link");
      const href = link?.type === "link" ? absolute(link.attrs.href) : undefined;
      return href && href !== node.text ? `${node.text} (${href})` : node.text;
    })
    .join("");
}

function blocksText(blocks: RichBlock[], images: RichTextImages, indent = ""): string[] {
  const out: string[] = [];
  for (const block of blocks) {
    if (block.type === "image") {
      // A picture reads as its alt text in brackets; one without words, or no longer published, as nothing.
      const alt = images[block.attrs.mediaId] ? block.attrs.alt || images[block.attrs.mediaId]!.alt : "";
      if (alt) out.push(`${indent}[${alt}]`, "");
    } else if (block.type === "paragraph") out.push(indent + inlineText(block.content), "");
    else if (block.type === "heading") {
      const line = inlineText(block.content);
      out.push(indent + line, indent + (block.attrs.level === 2 ? "=" : "-").repeat(Math.min(line.length, 60)), "");
    } else {
      block.content.forEach((item, index) => {
        const bullet = block.type === "bulletList" ? "- " : `${index + 1}. `;
        const lines = blocksText(item.content, images, `${indent}   `).filter((line) => line.trim() !== "");
        if (lines.length) out.push(`${indent}${bullet}${lines[0].trimStart()}`, ...lines.slice(1));
      });
      out.push("");
    }
  }
  return out;
}

/**
 * The body as MJML: its text in mj-text runs, each library picture (published; any other is left out)
 * an mj-image of its rendition on the site's public address, no wider than the rendition (480 px).
 */
function bodyMjml(blocks: RichBlock[], images: RichTextImages): string {
  const parts: string[] = [];
  let run: RichBlock[] = [];
  const flush = () => {
    if (run.length) parts.push(`<mj-text>${blocksHtml(run)}</mj-text>`);
    run = [];
  };
  for (const block of blocks) {
    if (block.type !== "image") {
      run.push(block);
      continue;
    }
    const image = images[block.attrs.mediaId];
    if (!image) continue;
    flush();
    const alt = block.attrs.alt || image.alt;
    parts.push(`<mj-image src="${escapeHtml(absolute(image.src))}" alt="${escapeHtml(alt)}" width="${Math.min(image.width, 480)}px" />`);
  }
  flush();
  return parts.join("\n        ");
}

/** The logo's height in the mail's head; a wide logo is narrowed to maxWidth instead (never stretched). */
const LOGO = { height: 48, maxWidth: 240 };

/**
 * The operator's logo (ADR 0076) heading the mail, from the site's public address, its alt text the
 * company's name; none without a logo, or for one whose size the library does not know (it could only
 * be drawn stretched).
 */
function logoMjml(logo: BrandPicture | null, name: string) {
  const size = fitLogo(logo, LOGO);
  if (!logo || !size) return "";
  const { width, height } = size;
  return `<mj-section padding="24px 0 0">
      <mj-column background-color="#ffffff">
        <mj-image src="${escapeHtml(absolute(logo.url))}" alt="${escapeHtml(name)}" width="${width}px" height="${height}px" align="left" padding="16px 24px" />
      </mj-column>
    </mj-section>`;
}

/** The company's postal address, as the imprint has it: the footer of a commercial mail names its sender. */
async function senderLines() {
  const facts = await getSiteFacts();
  const { street, postalCode, city, country } = facts.address;
  const address = [street, [postalCode, city].filter((part) => !isPlaceholder(part)).join(" "), country]
    .filter((part) => !isPlaceholder(part) && part.trim() !== "")
    .join(", ");
  return { name: facts.name, address };
}

/** One version as mail, with UNSUBSCRIBE_PLACEHOLDER where each recipient's own link goes. */
export async function renderIssue(language: Language, content: IssueVersionContent): Promise<RenderedIssue> {
  const t = await getFixedT(language);
  const [sender, brand, { logo }, images] = await Promise.all([
    senderLines(),
    mailBrand(),
    getBrand(),
    richTextImages(content.body, language),
  ]);
  const footer = t("mail.newsletterIssue.footer", { company: sender.name });
  const head = logoMjml(logo, sender.name);
  const unsubscribe = t("mail.unsubscribe");
  // The company's name heads the mail (under its logo, when one is set) on a band of its brand colour, in the
  // theme's dark text: the pair the accent rule keeps at AA (app/lib/contrast.ts); the accent as text on white
  // could be far below it.
  const mjml = `<mjml lang="${language}">
  <mj-head>
    <mj-title>${escapeHtml(content.subject)}</mj-title>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="16px" line-height="1.5" color="#1f2937" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f4f4f5">
    ${
      // The preheader: hidden without a font colour (mj-preview paints it in the background's colour, which
      // SpamAssassin scores as hidden text, HTML_FONT_LOW_CONTRAST).
      content.preheader
        ? `<mj-raw><div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(content.preheader)}</div></mj-raw>`
        : ""
    }
    ${head}
    <mj-section padding="${head ? "0" : "24px 0 0"}">
      <mj-column>
        <mj-text font-size="20px" font-weight="bold" color="${THEME_COLOURS.buttonText}" container-background-color="${brand.accent}" padding="14px 24px">${escapeHtml(sender.name)}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="16px 8px">
      <mj-column>
        ${bodyMjml(content.body.content, images)}
      </mj-column>
    </mj-section>
    <mj-section padding="16px 0 32px">
      <mj-column>
        <mj-text font-size="12px" color="#4b5563">
          <p style="margin:0 0 8px">${escapeHtml(footer)}</p>
          <p style="margin:0 0 8px"><a href="${UNSUBSCRIBE_PLACEHOLDER}" style="color:#4b5563">${escapeHtml(unsubscribe)}</a></p>
          ${sender.address ? `<p style="margin:0">${escapeHtml(sender.name)}, ${escapeHtml(sender.address)}</p>` : ""}
        </mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  const { html, errors } = await mjml2html(mjml, { validationLevel: "strict" });
  if (errors.length) throw new Error(`newsletter template: ${errors.map((error) => error.formattedMessage).join("; ")}`);
  const text = [
    ...(content.preheader ? [content.preheader, ""] : []),
    ...blocksText(content.body.content, images),
    "--",
    footer,
    `${unsubscribe}: ${UNSUBSCRIBE_PLACEHOLDER}`,
    ...(sender.address ? [`${sender.name}, ${sender.address}`] : []),
  ]
    .join("\n")
    .replace(/\n{3,}/g, "\n\n");
  return { subject: content.subject, html, text };
}

/** The rendered mail for one recipient: their own unsubscribe link in place of the placeholder. */
export function personalise(rendered: RenderedIssue, unsubscribeLink: string): RenderedIssue {
  return {
    subject: rendered.subject,
    html: rendered.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, escapeHtml(unsubscribeLink)),
    text: rendered.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribeLink),
  };
}
