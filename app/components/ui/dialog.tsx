import { Slot } from "radix-ui";
import { createContext, use, useMemo, useRef, useState, type ComponentProps, type MouseEvent, type ReactNode, type RefObject } from "react";
import { lazyPart } from "~/lib/lazy-part";
import { cn } from "~/lib/utils";
import type { DialogContentProps } from "./dialog-radix";

/**
 * Dialogs (Radix Dialog in the shadcn/ui manner: focus trap, Escape, aria-labelledby/-describedby),
 * with Radix (~11 KB compressed) loaded when a dialog first opens, not with the page (ADR 0033):
 * `Dialog` holds the open state, `DialogTrigger` is a plain button that opens it (and starts the
 * download when pointed at or focused), `DialogContent` renders ./dialog-radix.tsx once the dialog
 * has been open. A dialog open on the server (`portal={false}`) is in the HTML: the server has the part
 * loaded, and the page that renders one loads it before React hydrates, so it hydrates in place
 * (~/lib/lazy-part.tsx). Controlled only (`open`, `onOpenChange`).
 */
type RadixParts = typeof import("./dialog-radix");

const radix = lazyPart(
  () => import("./dialog-radix"),
  (module) => module.RadixDialog,
  // Rendered by the server for a dialog open in place (an item's link, in media-dialog-lazy.tsx).
  { inHtml: (doc) => doc.querySelector('[role="dialog"]') !== null },
);

/** Starts loading the dialog's Radix part (a page calls it when a dialog is likely to open soon). */
export const preloadDialog = radix.preload;

const warm = () => void preloadDialog().catch(() => {});

interface DialogState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLElement | null>;
}

const DialogContext = createContext<DialogState | null>(null);

function useDialog() {
  const state = use(DialogContext);
  if (!state) throw new Error("Dialog parts must be inside a <Dialog>");
  return state;
}

export function Dialog({ open, onOpenChange, children }: { open: boolean; onOpenChange: (open: boolean) => void; children?: ReactNode }) {
  const triggerRef = useRef<HTMLElement | null>(null);
  const state = useMemo(() => ({ open, onOpenChange, triggerRef }), [open, onOpenChange]);
  return <DialogContext value={state}>{children}</DialogContext>;
}

/** Opens the dialog; with `asChild` its child is the button (Radix's trigger attributes included). */
export function DialogTrigger({ children, onClick, ...props }: Omit<ComponentProps<"button">, "ref"> & { asChild?: boolean }) {
  const { open, onOpenChange, triggerRef } = useDialog();
  const { asChild, ...rest } = props;
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component
      type={asChild ? undefined : "button"}
      aria-haspopup="dialog"
      aria-expanded={open}
      data-state={open ? "open" : "closed"}
      {...rest}
      ref={(element: HTMLElement | null) => void (triggerRef.current = element)}
      onPointerEnter={warm}
      onFocus={warm}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) onOpenChange(!open);
      }}
    >
      {children}
    </Component>
  );
}

export function DialogContent(props: DialogContentProps) {
  const { open, onOpenChange, triggerRef } = useDialog();
  // Mounted from the first opening on, so Radix also does the closing (focus back, scroll unlocked).
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  if (!used) return null;
  return <radix.Part {...props} open={open} onOpenChange={onOpenChange} triggerRef={triggerRef} />;
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5", className)} {...props} />;
}

// Title and description only render inside DialogContent, so the Radix part is there by then.
export function DialogTitle(props: ComponentProps<RadixParts["DialogTitle"]>) {
  const Title = radix.loaded()!.DialogTitle;
  return <Title {...props} />;
}

export function DialogDescription(props: ComponentProps<RadixParts["DialogDescription"]>) {
  const Description = radix.loaded()!.DialogDescription;
  return <Description {...props} />;
}
