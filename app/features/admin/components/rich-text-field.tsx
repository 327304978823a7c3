import { useMemo, useState, type ReactNode } from "react";
import { FieldError, type FieldMeta } from "~/components/form";
import { RichTextBlocks } from "~/components/content/rich-text";
import { Label } from "~/components/ui/label";
import { lazyPart } from "~/lib/lazy-part";
import { useHydrated } from "~/lib/use-hydrated";
import { parseRichTextJson, type RichDoc } from "~/lib/rich-text";
import { RichTextFrame, toolCountOf } from "./rich-text-frame";

/** Tiptap and ProseMirror: only fetched once a page with a rich field is open in the console (ADR 0061). */
const editor = lazyPart(
  () => import("./rich-text-editor"),
  (module) => module.default,
  { fallback: (props) => props.until },
);

/** A published picture of the library the editor's Image button offers (page-images.server.ts's `pageImageChoices`). */
export interface PictureChoice {
  id: string;
  title: string;
}

const EMPTY: RichDoc = { type: "doc", content: [] };

/**
 * A rich text field of the page editor (ADR 0061): the document travels in a hidden input as JSON (the
 * server reads it through the allow-list); the editor replaces a read-only view of the text once React
 * runs and the editor's code has arrived.
 */
export function RichTextField({
  field,
  value,
  label,
  description,
  pictures,
}: {
  field: FieldMeta;
  value: string;
  label: ReactNode;
  description?: ReactNode;
  /** Given where the page shows a document's pictures (news, newsletter issues): the editor offers these. */
  pictures?: PictureChoice[];
}) {
  const hydrated = useHydrated();
  const [json, setJson] = useState(value);
  const initial = useMemo(() => {
    const parsed = parseRichTextJson(value);
    return parsed.ok ? parsed.doc : EMPTY;
  }, [value]);
  const labelId = `${field.id}-label`;
  const descriptionId = description ? `${field.id}-description` : undefined;
  const invalid = field.errors !== undefined;
  const describedBy = [invalid ? field.errorId : undefined, descriptionId].filter(Boolean).join(" ") || undefined;
  const view = (
    <RichTextFrame tools={toolCountOf(Boolean(pictures))}>
      <div role="textbox" aria-readonly="true" aria-multiline="true" aria-labelledby={labelId} className="min-h-36 space-y-3 px-3 py-2">
        <RichTextBlocks doc={initial} />
      </div>
    </RichTextFrame>
  );
  return (
    <div className="grid content-start gap-2">
      <Label id={labelId}>{label}</Label>
      <input type="hidden" name={field.name} form={field.formId} value={json} />
      {hydrated ? (
        <editor.Part
          initial={initial}
          onChange={setJson}
          labelId={labelId}
          describedBy={describedBy}
          invalid={invalid}
          pictures={pictures}
          until={view}
        />
      ) : (
        view
      )}
      {description ? (
        <p id={descriptionId} className="text-xs whitespace-pre-line text-muted-foreground">
          {description}
        </p>
      ) : null}
      <FieldError field={field} />
    </div>
  );
}
