import type { ReactNode } from "react";

/** The editor toolbar's text tools, in their order (rich-text-editor.tsx gives each its icon and command). */
export const TEXT_TOOLS = ["paragraph", "heading2", "heading3", "bold", "italic", "bulletList", "orderedList", "link"] as const;
export type TextTool = (typeof TEXT_TOOLS)[number];

/** The toolbar's buttons: the text tools, and "Image from the media library" where the field offers pictures. */
export const toolCountOf = (pictures: boolean) => TEXT_TOOLS.length + (pictures ? 1 : 0);

export const TOOL_CLASS = "inline-flex size-8 items-center justify-center rounded";

/**
 * The rich text editor's frame: a border, the toolbar and the text. Until the editor's code has arrived the
 * toolbar's room is kept empty, so nothing below the field moves when the editor appears (a press aimed at
 * "Save draft" in that moment would land on whatever had moved under it).
 */
export function RichTextFrame({ toolbar, tools, children }: { toolbar?: ReactNode; tools: number; children: ReactNode }) {
  return (
    <div className="rounded-md border border-input bg-background focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring">
      {toolbar ?? (
        <div aria-hidden="true" className="flex flex-wrap gap-1 border-b border-input p-1">
          {Array.from({ length: tools }, (_, index) => (
            <span key={index} className={TOOL_CLASS} />
          ))}
        </div>
      )}
      {children}
    </div>
  );
}
