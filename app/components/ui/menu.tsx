import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useLocation } from "react-router";

/**
 * A small menu button (WAI-ARIA APG "menu button"), in place of Radix DropdownMenu for the
 * shell: the header loads on every page, and Radix's menu with its positioning and focus
 * libraries cost about 28 KB of compressed JavaScript there.
 *
 * The trigger is a button with aria-haspopup/aria-expanded; the open menu is role="menu" and
 * its items are any elements with role="menuitem" (use MENU_ITEM_PROPS). Enter, Space, ArrowDown
 * or ArrowUp on the trigger open it; arrows, Home, End and the first letter move between items;
 * Escape closes it and returns focus to the trigger; Tab, a click outside, choosing an item and
 * navigating close it.
 *
 * Before hydration the menu is already in the page (hidden), and the tiny script of
 * menu-early-script.ts opens and closes it on click, Enter, Space and Escape, so no click is
 * lost on a slow connection; at hydration the component adopts the state it finds.
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
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  // Which item receives focus when the menu appears: the first, or the last (ArrowUp).
  const focusOnOpen = useRef<"first" | "last">("first");
  const location = useLocation();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  // Adopt a menu opened before hydration; from now on the script leaves this trigger to React.
  useLayoutEffect(() => {
    const trigger = button.current;
    if (!trigger) return;
    trigger.dataset.enhanced = "true";
    if (trigger.getAttribute("aria-expanded") === "true") setOpen(true);
  }, []);

  // Navigating closes the menu (not the first render: that would close an adopted menu).
  const where = location.pathname + location.search;
  const shownAt = useRef(where);
  useEffect(() => {
    if (shownAt.current === where) return;
    shownAt.current = where;
    close(false);
  }, [where, close]);

  useEffect(() => {
    if (!open) return;
    const items = itemsOf(menu.current);
    (focusOnOpen.current === "first" ? items[0] : items.at(-1))?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, close]);

  function openWith(focus: "first" | "last") {
    focusOnOpen.current = focus;
    setOpen(true);
  }

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openWith(event.key === "ArrowDown" ? "first" : "last");
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = itemsOf(menu.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    switch (event.key) {
      case "ArrowDown":
        return move(index + 1);
      case "ArrowUp":
        return move(index - 1);
      case "Home":
        return move(0);
      case "End":
        return move(items.length - 1);
      case "Escape":
        event.preventDefault();
        return close(true);
      case "Tab":
        // Focus moves on to the next control in the page; the menu closes behind it.
        return setOpen(false);
      case " ":
        // Space chooses an item, as Enter does (links only react to Enter by themselves).
        if (index >= 0) {
          event.preventDefault();
          items[index]!.click();
        }
        return;
      default:
        if (event.key.length === 1 && /\S/.test(event.key)) {
          const letter = event.key.toLowerCase();
          const next = [...items.slice(index + 1), ...items.slice(0, index + 1)].find((item) =>
            item.textContent?.trim().toLowerCase().startsWith(letter),
          );
          if (next) move(items.indexOf(next));
        }
    }
  }

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        id={`${id}-trigger`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        data-state={open ? "open" : "closed"}
        data-menu-trigger=""
        data-testid={triggerTestId}
        className={triggerClassName}
        onClick={() => (open ? close(false) : openWith("first"))}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
      </button>
      {
        <div
          ref={menu}
          id={`${id}-menu`}
          hidden={!open}
          role="menu"
          aria-labelledby={`${id}-trigger`}
          aria-orientation="vertical"
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          // Choosing an item closes the menu; a link then navigates, a button does its work.
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('[role="menuitem"]')) close(true);
          }}
          // As in native menus, the item under the pointer is the focused one.
          onPointerMove={(event) => {
            const item = (event.target as HTMLElement).closest<HTMLElement>('[role="menuitem"]');
            if (item && item !== document.activeElement) item.focus();
          }}
          onBlur={(event) => {
            if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
          }}
          // `.menu-panel` and `.menu-item`: one class each (app.css), not 100–150 bytes of utilities per item (ADR 0034).
          className={align === "end" ? "menu-panel right-0" : "menu-panel left-0"}
        >
          {children}
        </div>
      }
    </div>
  );
}

function itemsOf(menu: HTMLElement | null): HTMLElement[] {
  return menu ? [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')] : [];
}

/** Props for an element inside Menu that is one of its items (a link or a button). */
export const MENU_ITEM_PROPS = {
  role: "menuitem",
  tabIndex: -1,
  className: "menu-item",
} as const;
