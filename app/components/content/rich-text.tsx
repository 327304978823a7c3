import { createContext, Fragment, useContext, type ReactNode } from "react";
import type { PageImage } from "~/lib/page-images.server";
import { parseRichText, type RichBlock, type RichTextNode } from "~/lib/rich-text";
import type { TOptions } from "~/lib/translator";
import { useTranslation } from "~/lib/use-translation";
import { PagePicture } from "./page-picture";

/**
 * A rich text of a content page (ADR 0061) as elements: every node through the allow-list of
 * app/lib/rich-text.ts, rendered by React (which escapes text and attribute values), never as HTML
 * from the database. The same component on the server and in the browser, so a page React renders
 * after a navigation shows what the server sent. A picture shows only when the loader resolved its
 * library item to a published image (`images`, by id); any other is left out, never a broken image.
 */
export type RichTextImages = Record<string, PageImage>;

const LIST_CLASS = { bulletList: "list-disc space-y-2 pl-6 marker:text-accent", orderedList: "list-decimal space-y-2 pl-6" } as const;
const HEADING_CLASS = { 2: "text-xl font-semibold text-foreground", 3: "text-lg font-semibold text-foreground" } as const;

function inline(nodes: RichTextNode[] = []): ReactNode[] {
  return nodes.map((node, index) => {
    let element: ReactNode = node.text;
    for (const mark of node.marks ?? []) {
      if (mark.type === "bold") element = <strong>{element}</strong>;
      else if (mark.type === "italic") element = <em>{element}</em>;
      else
        element = (
          <a href={mark.attrs.href} className="text-primary underline underline-offset-2">
            {element}
          </a>
        );
    }
    return <Fragment key={index}>{element}</Fragment>;
  });
}

function blocks(content: RichBlock[], images: RichTextImages): ReactNode[] {
  return content.map((block, index) => {
    switch (block.type) {
      case "paragraph":
        return <p key={index}>{inline(block.content)}</p>;
      case "heading": {
        const Heading = block.attrs.level === 3 ? "h3" : "h2";
        return (
          <Heading key={index} className={HEADING_CLASS[block.attrs.level]}>
            {inline(block.content)}
          </Heading>
        );
      }
      case "image": {
        const image = images[block.attrs.mediaId];
        if (!image) return null;
        return (
          <figure key={index}>
            <PagePicture
              image={{ ...image, alt: block.attrs.alt || image.alt }}
              // At most its 480 px (the <img>'s width) in a column of the viewport less 2 × 16 px or more.
              sizes="(min-width: 512px) 480px, calc(100vw - 32px)"
              className="mx-auto block h-auto max-w-full rounded-lg border border-border"
              testId="rich-text-image"
            />
          </figure>
        );
      }
      default: {
        const List = block.type === "orderedList" ? "ol" : "ul";
        return (
          <List key={index} className={LIST_CLASS[block.type]}>
            {block.content.map((item, itemIndex) => (
              <li key={itemIndex} className="space-y-2">
                {blocks(item.content, images)}
              </li>
            ))}
          </List>
        );
      }
    }
  });
}

const PageRichImages = createContext<RichTextImages>({});
/** The pictures of a content page's rich texts (its loader's `contentRichImages`), for every `RichParagraphs` under it. */
export const RichTextImagesProvider = PageRichImages.Provider;

/** A document (read again through the allow-list: its texts passed the translator's placeholders) as its blocks. */
export function RichTextBlocks({ doc, images = {} }: { doc: unknown; images?: RichTextImages }) {
  const parsed = parseRichText(doc);
  // A document that breaks the limits (only a row written around the console could hold one) shows nothing.
  return parsed.ok ? <>{blocks(parsed.doc.content, images)}</> : null;
}

/**
 * The paragraphs under `key` of a content page: the file's list of texts, one <p> each as always, or
 * the operator's rich text once a language publishes one (the field's value is then a document).
 * `values` fill the texts' placeholders, as for any text.
 */
export function RichParagraphs({ k, values }: { k: string; values?: TOptions }) {
  const { t } = useTranslation();
  const images = useContext(PageRichImages);
  const value = t(k, { ...values, returnObjects: true }) as unknown;
  if (Array.isArray(value)) {
    return (
      <>
        {value
          .filter((paragraph): paragraph is string => typeof paragraph === "string")
          .map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
      </>
    );
  }
  return typeof value === "object" && value !== null ? <RichTextBlocks doc={value} images={images} /> : null;
}
