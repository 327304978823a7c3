import { Bold } from "@tiptap/extension-bold";
import { Document } from "@tiptap/extension-document";
import { Heading } from "@tiptap/extension-heading";
import { Italic } from "@tiptap/extension-italic";
import { Link } from "@tiptap/extension-link";
import { BulletList, ListItem, ListKeymap, OrderedList } from "@tiptap/extension-list";
import { Paragraph } from "@tiptap/extension-paragraph";
import { Text } from "@tiptap/extension-text";
import { UndoRedo } from "@tiptap/extensions";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import { Bold as BoldIcon, Heading2, Heading3, Italic as ItalicIcon, Link2, List, ListOrdered, Pilcrow } from "lucide-react";
import type { ReactNode } from "react";
import { safeHref, type RichDoc } from "~/lib/rich-text";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";

/**
 * The console's rich text editor (ADR 0061), loaded only when the page editor shows a rich field
 * (a lazy import in rich-text-field.tsx). Its schema holds exactly the allow-list of app/lib/rich-text.ts,
 * so what the operator types, pastes or drops is already what the page can show (pasted HTML keeps
 * only its text and these nodes and marks); the server reads every post through the allow-list again.
 */
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
}

export default function RichTextEditor({ initial, onChange, labelId, describedBy, invalid }: RichTextEditorProps) {
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
  if (!editor) return null;
  return (
    <div className="rounded-md border border-input bg-background focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      paragraph: current.isActive("paragraph") && !current.isActive("listItem"),
      heading2: current.isActive("heading", { level: 2 }),
      heading3: current.isActive("heading", { level: 3 }),
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      bulletList: current.isActive("bulletList"),
      orderedList: current.isActive("orderedList"),
      link: current.isActive("link"),
    }),
  });
  const link = () => {
    if (state.link) {
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
    <div role="toolbar" aria-label={t("admin.pages.richText.toolbar")} className="flex flex-wrap gap-1 border-b border-input p-1">
      <Tool
        label={t("admin.pages.richText.paragraph")}
        active={state.paragraph}
        onClick={() => editor.chain().focus().setParagraph().run()}
      >
        <Pilcrow />
      </Tool>
      <Tool
        label={t("admin.pages.richText.heading2")}
        active={state.heading2}
        onClick={() => editor.chain().focus().toggleHeading({ level: 2 }).run()}
      >
        <Heading2 />
      </Tool>
      <Tool
        label={t("admin.pages.richText.heading3")}
        active={state.heading3}
        onClick={() => editor.chain().focus().toggleHeading({ level: 3 }).run()}
      >
        <Heading3 />
      </Tool>
      <Tool label={t("admin.pages.richText.bold")} active={state.bold} onClick={() => editor.chain().focus().toggleBold().run()}>
        <BoldIcon />
      </Tool>
      <Tool label={t("admin.pages.richText.italic")} active={state.italic} onClick={() => editor.chain().focus().toggleItalic().run()}>
        <ItalicIcon />
      </Tool>
      <Tool
        label={t("admin.pages.richText.bulletList")}
        active={state.bulletList}
        onClick={() => editor.chain().focus().toggleBulletList().run()}
      >
        <List />
      </Tool>
      <Tool
        label={t("admin.pages.richText.orderedList")}
        active={state.orderedList}
        onClick={() => editor.chain().focus().toggleOrderedList().run()}
      >
        <ListOrdered />
      </Tool>
      <Tool label={t("admin.pages.richText.link")} active={state.link} onClick={link}>
        <Link2 />
      </Tool>
    </div>
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
        "inline-flex size-8 items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground [&_svg]:size-4",
        active && "bg-primary/15 text-foreground",
      )}
    >
      {children}
    </button>
  );
}
