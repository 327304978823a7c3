import { useId, type ReactNode } from "react";

/**
 * A small menu button (WAI-ARIA APG "menu button"), in place of Radix DropdownMenu for the
 * shell: the header loads on every page, and Radix's menu with its positioning and focus
 * libraries cost about 28 KB of compressed JavaScript there.
 *
 * Markup only: the trigger is a button with aria-haspopup/aria-expanded and `data-menu-trigger`;
 * the menu (role="menu", hidden until opened) holds any elements with role="menuitem" (use
 * MENU_ITEM_PROPS). The shell script (app/shell/menus.ts, ADR 0051) opens, moves through and closes
 * it, the same before hydration, after it, and on pages without React. React renders `aria-expanded`
 * and `hidden` as constants, so it never undoes what the script sets.
 */
export function Menu({
  trigger,
  triggerClassName,
  triggerTestId,
  align = "start",
  children,
}: {
  trigger: ReactNode;
  triggerClassName?: string;
  triggerTestId?: string;
  align?: "start" | "end";
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="relative">
      <button
        type="button"
        id={`${id}-trigger`}
        aria-haspopup="menu"
        aria-expanded="false"
        aria-controls={`${id}-menu`}
        data-menu-trigger=""
        data-testid={triggerTestId}
        className={triggerClassName}
        suppressHydrationWarning
      >
        {trigger}
      </button>
      <div
        id={`${id}-menu`}
        hidden
        role="menu"
        aria-labelledby={`${id}-trigger`}
        aria-orientation="vertical"
        tabIndex={-1}
        // `.menu-panel` and `.menu-item`: one class each (app.css), not 100–150 bytes of utilities per item (ADR 0034).
        className={align === "end" ? "menu-panel right-0" : "menu-panel left-0"}
        suppressHydrationWarning
      >
        {children}
      </div>
    </div>
  );
}

/** Props for an element inside Menu that is one of its items (a link or a button). */
export const MENU_ITEM_PROPS = {
  role: "menuitem",
  tabIndex: -1,
  className: "menu-item",
} as const;
