import { Dialog as DialogPrimitive } from "radix-ui";
import { XIcon } from "lucide-react";
import type { ComponentProps, RefObject } from "react";
import { cn } from "~/lib/utils";

/**
 * The part of components/ui/dialog.tsx that loads when a dialog first opens (ADR 0033): Radix Dialog
 * in the shadcn/ui manner (focus trap, Escape, aria-labelledby/-describedby, the rest of the page
 * hidden from screen readers). Narrow (max-w-md) by default; `wide` for more content (max-w-2xl).
 */
export type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  closeLabel: string;
  wide?: boolean;
  /** false renders in place, so a dialog open on the server is in the HTML (linkable dialogs). */
  portal?: boolean;
};

/** The open dialog: Radix's root, driven by dialog.tsx's state; focus goes back to the trigger on close. */
export function RadixDialog({
  open,
  onOpenChange,
  triggerRef,
  onCloseAutoFocus,
  ...props
}: DialogContentProps & { open: boolean; onOpenChange: (open: boolean) => void; triggerRef: RefObject<HTMLElement | null> }) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogContent
        {...props}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented || !triggerRef.current) return;
          event.preventDefault();
          triggerRef.current.focus();
        }}
      />
    </DialogPrimitive.Root>
  );
}

function DialogContent({ className, children, closeLabel, portal = true, wide = false, ...props }: DialogContentProps) {
  const body = (
    <>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
      <DialogPrimitive.Content
        className={cn(
          "fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border border-border bg-popover p-5 shadow-2xl sm:p-6",
          wide ? "max-w-2xl" : "max-w-md",
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          className="absolute right-3 top-3 rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground"
          aria-label={closeLabel}
        >
          <XIcon className="size-5" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </>
  );
  return portal ? <DialogPrimitive.Portal>{body}</DialogPrimitive.Portal> : body;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("pr-8 text-xl font-semibold leading-tight", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
