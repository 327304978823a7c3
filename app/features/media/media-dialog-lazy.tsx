import { lazy, Suspense, useState, type ComponentProps } from "react";
import { loadOnce } from "~/lib/load-once";

/**
 * The item dialog (media-dialog.tsx, with the preview and its lightbox) loads when a card is first
 * pointed at, focused or opened, not with the page (ADR 0033). An item opened by its link is in the
 * server's HTML all the same: the server waits for the part, the browser hydrates it when it arrives.
 */
const importMediaDialog = loadOnce(() => import("./media-dialog")); // offline: the next attempt tries again

function loadMediaDialog() {
  // The dialog's Radix part (components/ui/dialog.tsx loads it on opening) at the same time.
  void import("~/components/ui/dialog-radix").catch(() => {});
  return importMediaDialog();
}

const MediaDialog = lazy(() => loadMediaDialog().then((module) => ({ default: module.MediaDialog })));

const warm = () => void loadMediaDialog().catch(() => {});
/** Spread on the results: pointing at a card or focusing one loads the dialog. */
export const preloadMediaDialogHandlers = { onPointerOver: warm, onFocus: warm };

export function LazyMediaDialog(props: ComponentProps<typeof MediaDialog>) {
  // Mounted from the first opening on, so the dialog also does the closing (focus back to the card).
  const [used, setUsed] = useState(props.item !== undefined);
  if (props.item !== undefined && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <MediaDialog {...props} />
    </Suspense>
  );
}
