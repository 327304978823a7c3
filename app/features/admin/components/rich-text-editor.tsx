import { mergeAttributes, Node } from "@tiptap/core";
import { Bold } from "@tiptap/extension-bold";
import { Document } from "@tiptap/extension-document";
import { Heading } from "@tiptap/extension-heading";
import { Italic } from "@tiptap/extension-italic";
import { Link } from "@tiptap/extension-link";
import { BulletList, ListItem, ListKeymap, OrderedList } from "@tiptap/extension-list";
import { Paragraph } from "@tiptap/extension-paragraph";
import { Text } from "@tiptap/extension-text";
import { TrailingNode, UndoRedo } from "@tiptap/extensions";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import {
  Bold as BoldIcon,
  Heading2,
  Heading3,
  ImagePlus,
  Italic as ItalicIcon,
  Link2,
  List,
  ListOrdered,
  Pilcrow,
  type LucideIcon,
} from "lucide-react";
import { useState, type ReactNode } from "react";
import { safeHref, type RichDoc } from "~/lib/rich-text";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";
import type { PictureChoice } from "./rich-text-field";
import { RichTextFrame, TOOL_CLASS, toolCountOf, type TextTool } from "./rich-text-frame";
import { PicturePicker, pictureSrc } from "./rich-text-picture-picker";

/**
 * The console's rich text editor (ADR 0061), loaded only when the page editor shows a rich field
 * (a lazy import in rich-text-field.tsx). Its schema holds exactly the allow-list of app/lib/rich-text.ts,
 * so what the operator types, pastes or drops is already what the page can show (pasted HTML keeps
 * only its text and these nodes and marks); the server reads every post through the allow-list again.
 */
/**
 * A picture of the media library (rich-text.ts's image block): the document holds the item's id and an
 * alt text only; the editor shows the rendition by the id. Only an <img> this editor drew (it has
 * data-media-id) is read back from pasted HTML: a picture from elsewhere (a src only) is left out.
 */
const LibraryImage = Node.create({
  name: "image",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      mediaId: {
        default: null,
        parseHTML: (element) => element.getAttribute("data-media-id"),
        renderHTML: (attributes) => ({ "data-media-id": attributes.mediaId, src: pictureSrc(String(attributes.mediaId)) }),
      },
      alt: {
        default: null,
        parseHTML: (element) => element.getAttribute("alt") || null,
        renderHTML: (attributes) => ({ alt: attributes.alt ?? "" }),
      },
    };
  },
  parseHTML: () => [{ tag: "img[data-media-id]" }],
  renderHTML: ({ HTMLAttributes }) => ["img", mergeAttributes(HTMLAttributes, { class: "h-auto max-w-full rounded border border-border" })],
});

const EXTENSIONS = [
  Document,
  Paragraph,
  Text,
  Heading.configure({ levels: [2, 3] }),
  Bold,
  Italic,
  BulletList,
  OrderedList,
  ListItem,
  ListKeymap,
  UndoRedo,
  LibraryImage,
  // A picture at the end of the text gets an empty paragraph after it, so the cursor has somewhere to go
  // (the allow-list drops an empty paragraph on saving).
  TrailingNode.configure({ node: "paragraph", notAfter: ["paragraph", "heading", "bulletList", "orderedList"] }),
  Link.configure({
    openOnClick: false,
    autolink: true,
    defaultProtocol: "https",
    protocols: ["mailto"],
    isAllowedUri: (url) => safeHref(url) !== undefined,
    HTMLAttributes: { rel: null, target: null },
  }),
];

export interface RichTextEditorProps {
  initial: RichDoc;
  /** Called with the document's JSON after every change. */
  onChange: (json: string) => void;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
  /** The published pictures the Image button offers; without them the field has no Image button. */
  pictures?: PictureChoice[];
  /** What shows until the editor is made: the field's read-only view, in the same frame. */
  until: ReactNode;
}

export default function RichTextEditor({ initial, onChange, labelId, describedBy, invalid, pictures, until }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initial,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class:
          "min-h-36 space-y-3 px-3 py-2 focus-visible:outline-none [&_a]:text-primary [&_a]:underline [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6",
      },
    },
    onUpdate: ({ editor: changed }) => onChange(JSON.stringify(changed.getJSON())),
  });
  // Until Tiptap has made its editor (after the first render), the field's read-only view stays.
  if (!editor) return until;
  return (
    <RichTextFrame tools={toolCountOf(Boolean(pictures))} toolbar={<Toolbar editor={editor} pictures={pictures} />}>
      <EditorContent editor={editor} />
    </RichTextFrame>
  );
}

/** The toolbar's buttons: each one's icon, whether the selection has it, and what it does (the link: asks for its target). */
const TOOLS: ReadonlyArray<{ name: TextTool; icon: LucideIcon; active: (editor: Editor) => boolean; run?: (editor: Editor) => void }> = [
  {
    name: "paragraph",
    icon: Pilcrow,
    active: (editor) => editor.isActive("paragraph") && !editor.isActive("listItem"),
    run: (editor) => editor.chain().focus().setParagraph().run(),
  },
  {
    name: "heading2",
    icon: Heading2,
    active: (editor) => editor.isActive("heading", { level: 2 }),
    run: (editor) => editor.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    name: "heading3",
    icon: Heading3,
    active: (editor) => editor.isActive("heading", { level: 3 }),
    run: (editor) => editor.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  { name: "bold", icon: BoldIcon, active: (editor) => editor.isActive("bold"), run: (editor) => editor.chain().focus().toggleBold().run() },
  {
    name: "italic",
    icon: ItalicIcon,
    active: (editor) => editor.isActive("italic"),
    run: (editor) => editor.chain().focus().toggleItalic().run(),
  },
  {
    name: "bulletList",
    icon: List,
    active: (editor) => editor.isActive("bulletList"),
    run: (editor) => editor.chain().focus().toggleBulletList().run(),
  },
  {
    name: "orderedList",
    icon: ListOrdered,
    active: (editor) => editor.isActive("orderedList"),
    run: (editor) => editor.chain().focus().toggleOrderedList().run(),
  },
  { name: "link", icon: Link2, active: (editor) => editor.isActive("link") },
];

function Toolbar({ editor, pictures }: { editor: Editor; pictures?: PictureChoice[] }) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => TOOLS.map((tool) => tool.active(current)),
  });
  const link = () => {
    if (editor.isActive("link")) {
      editor.chain().focus().extendMarkRange("link").unsetLink().run();
      return;
    }
    const answer = window.prompt(t("admin.pages.richText.linkPrompt"));
    if (answer === null || answer.trim() === "") return;
    const href = safeHref(answer);
    if (!href) {
      window.alert(t("admin.pages.richText.linkRefused"));
      return;
    }
    editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
  };
  return (
    <>
      <div role="toolbar" aria-label={t("admin.pages.richText.toolbar")} className="flex flex-wrap gap-1 border-b border-input p-1">
        {TOOLS.map(({ name, icon: Icon, run }, index) => (
          <Tool key={name} label={t(`admin.pages.richText.${name}`)} active={active[index]!} onClick={run ? () => run(editor) : link}>
            <Icon />
          </Tool>
        ))}
        {pictures ? (
          <Tool label={t("admin.pages.richText.image")} active={picking} onClick={() => setPicking(!picking)}>
            <ImagePlus />
          </Tool>
        ) : null}
      </div>
      {pictures && picking ? (
        <PicturePicker
          pictures={pictures}
          onClose={() => {
            setPicking(false);
            editor.commands.focus();
          }}
          onInsert={(attrs) => {
            setPicking(false);
            editor.chain().focus().insertContent({ type: "image", attrs }).run();
          }}
        />
      ) : null}
    </>
  );
}

function Tool({ label, active, onClick, children }: { label: string; active: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        TOOL_CLASS,
        "text-muted-foreground hover:bg-muted hover:text-foreground [&_svg]:size-4",
        active && "bg-primary/15 text-foreground",
      )}
    >
      {children}
    </button>
  );
}
