import { Slot } from "radix-ui";
import {
  createContext,
  lazy,
  Suspense,
  use,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from "react";
import { loadOnce } from "~/lib/load-once";
import { cn } from "~/lib/utils";
import type { DialogContentProps } from "./dialog-radix";

/**
 * Dialogs (Radix Dialog in the shadcn/ui manner: focus trap, Escape, aria-labelledby/-describedby),
 * with Radix (~11 KB compressed) loaded when a dialog first opens, not with the page (ADR 0033):
 * `Dialog` holds the open state, `DialogTrigger` is a plain button that opens it (and starts the
 * download when pointed at or focused), `DialogContent` renders ./dialog-radix.tsx once the dialog
 * has been open. A dialog open on the server (`portal={false}`) is in the HTML: the server waits for
 * the part, and the browser hydrates it when it arrives. Controlled only (`open`, `onOpenChange`).
 */
type RadixParts = typeof import("./dialog-radix");
let radix: RadixParts | undefined;

/**
 * Starts loading the dialog's Radix part (a page calls it when a dialog is likely to open soon);
 * offline, the next attempt tries again.
 */
export const preloadDialog = loadOnce(() => import("./dialog-radix").then((module) => (radix = module)));

const warm = () => void preloadDialog().catch(() => {});

const RadixDialog = lazy(() => preloadDialog().then((module) => ({ default: module.RadixDialog })));

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
  return (
    <Suspense fallback={null}>
      <RadixDialog {...props} open={open} onOpenChange={onOpenChange} triggerRef={triggerRef} />
    </Suspense>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5", className)} {...props} />;
}

// Title and description only render inside DialogContent, so the Radix part is there by then.
export function DialogTitle(props: ComponentProps<RadixParts["DialogTitle"]>) {
  const Title = radix!.DialogTitle;
  return <Title {...props} />;
}

export function DialogDescription(props: ComponentProps<RadixParts["DialogDescription"]>) {
  const Description = radix!.DialogDescription;
  return <Description {...props} />;
}
