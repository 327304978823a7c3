import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

/**
 * A form label. As Radix's Label did: a double click on it does not select its text (ADR 0035:
 * without Radix's Label and Primitive, ~1 KB on every page with a form).
 */
export function Label({ className, onMouseDown, ...props }: ComponentProps<"label">) {
  return (
    // The field names it with htmlFor; the mouse handler only keeps a double click from selecting text.
    // eslint-disable-next-line jsx-a11y/label-has-associated-control, jsx-a11y/no-noninteractive-element-interactions
    <label
      className={cn(
        "text-sm font-medium leading-none text-foreground peer-disabled:cursor-not-allowed peer-disabled:opacity-70",
        className,
      )}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        // Only a click on the label itself, not on a control inside it.
        if (!event.defaultPrevented && event.detail > 1 && !(event.target as HTMLElement).closest("button, input, select, textarea"))
          event.preventDefault();
      }}
      {...props}
    />
  );
}
