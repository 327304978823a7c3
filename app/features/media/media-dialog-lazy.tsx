import { useState, type ComponentProps } from "react";
import { preloadDialog } from "~/components/ui/dialog";
import { lazyPart } from "~/lib/lazy-part";
import type { MediaDialog as Dialog } from "./media-dialog";

/**
 * The item dialog (media-dialog.tsx, with the preview and its lightbox) loads when a card is first
 * pointed at, focused or opened, not with the page (ADR 0033), with the dialog's Radix part beside it.
 * An item opened by its link is in the server's HTML all the same, and the browser loads both before
 * React hydrates, so the open dialog hydrates in place (~/lib/lazy-part.tsx).
 */
const mediaDialog = lazyPart(
  () => Promise.all([import("./media-dialog"), preloadDialog()]).then(([module]) => module),
  (module) => module.MediaDialog,
  { inHtml: (doc) => doc.querySelector('[data-testid="media-dialog"]') !== null },
);

const warm = () => void mediaDialog.preload().catch(() => {});
/** Spread on the results: pointing at a card or focusing one loads the dialog. */
export const preloadMediaDialogHandlers = { onPointerOver: warm, onFocus: warm };

export function LazyMediaDialog(props: ComponentProps<typeof Dialog>) {
  // Mounted from the first opening on, so the dialog also does the closing (focus back to the card).
  const [used, setUsed] = useState(props.item !== undefined);
  if (props.item !== undefined && !used) setUsed(true);
  if (!used) return null;
  return <mediaDialog.Part {...props} />;
}
