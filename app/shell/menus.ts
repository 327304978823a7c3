/**
 * The WAI-ARIA menu button on the markup of components/ui/menu.tsx (`data-menu-trigger`, its menu
 * `role="menu"` named by `aria-controls`): click, arrows, Home/End, first letter, Escape returns the
 * focus; Tab, a press outside, a choice and a client-side navigation close it. Escape also closes
 * the mobile menu (<details>). Delegated from `window`, so it works the same before React hydrates
 * the page, after, and on markup React renders later; in the capture phase, because while React is
 * hydrating it stops the propagation of a click or key on markup it has not hydrated yet.
 */
const TRIGGER = "[data-menu-trigger]";
const ITEM = '[role="menu"] [role="menuitem"]';
const MOBILE_MENU = 'details[data-testid="mobile-menu"]';

export function startMenus() {
  const doc = document;
  const listen = <K extends keyof WindowEventMap>(type: K, handler: (event: WindowEventMap[K]) => void) =>
    addEventListener(type, handler, true);
  const menuOf = (trigger: Element) => doc.getElementById(trigger.getAttribute("aria-controls") ?? "");
  const triggerOf = (menu: Element | null) => (menu ? doc.querySelector<HTMLElement>(`[aria-controls="${menu.id}"]`) : null);
  const itemsOf = (menu: Element | null) =>
    menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')) : [];
  const isOpen = (trigger: Element) => trigger.getAttribute("aria-expanded") === "true";
  const openTriggers = () => Array.from(doc.querySelectorAll<HTMLElement>(`${TRIGGER}[aria-expanded="true"]`));
  const inside = (trigger: HTMLElement, node: unknown) =>
    !!trigger.parentElement && node instanceof Node && trigger.parentElement.contains(node);

  function setMenu(trigger: HTMLElement, open: boolean, focus?: "first" | "last" | "trigger") {
    const menu = menuOf(trigger);
    trigger.setAttribute("aria-expanded", String(open));
    if (menu) menu.hidden = !open;
    if (open) {
      for (const other of openTriggers()) if (other !== trigger) setMenu(other, false);
      const items = itemsOf(menu);
      (focus === "last" ? items[items.length - 1] : items[0])?.focus();
    } else if (focus === "trigger") {
      trigger.focus();
    }
  }

  function closeAll() {
    for (const trigger of openTriggers()) setMenu(trigger, false);
    for (const details of Array.from(doc.querySelectorAll<HTMLDetailsElement>(`${MOBILE_MENU}[open]`))) details.open = false;
  }

  listen("click", (event) => {
    const target = event.target as Element;
    if (!target.closest) return;
    const trigger = target.closest<HTMLElement>(TRIGGER);
    if (trigger) return setMenu(trigger, !isOpen(trigger), "first");
    const item = target.closest(ITEM);
    // Choosing an item closes its menu; a link then navigates (in place, once React runs).
    const owner = item && triggerOf(item.closest('[role="menu"]'));
    if (owner) setMenu(owner, false, "trigger");
    // A link of the mobile menu: the panel would otherwise stay open over a page React renders in place.
    const details = target.closest<HTMLDetailsElement>(MOBILE_MENU);
    if (details && target.closest("a[href]")) details.open = false;
  });

  // Back and forward with React running change the page without a load.
  addEventListener("popstate", closeAll);

  listen("pointerdown", (event) => {
    for (const trigger of openTriggers()) if (!inside(trigger, event.target)) setMenu(trigger, false);
  });

  listen("keydown", (event) => {
    const target = event.target as HTMLElement;
    if (!target.closest) return;
    const trigger = target.closest<HTMLElement>(TRIGGER);
    if (trigger && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      event.preventDefault();
      return setMenu(trigger, true, event.key === "ArrowDown" ? "first" : "last");
    }
    const menu = target.closest('[role="menu"]');
    const owner = triggerOf(menu);
    if (owner) {
      const items = itemsOf(menu);
      const index = items.indexOf(doc.activeElement as HTMLElement);
      const move = (to: number) => {
        event.preventDefault();
        items[(to + items.length) % items.length]?.focus();
      };
      const key = event.key;
      if (key === "ArrowDown") return move(index + 1);
      if (key === "ArrowUp") return move(index - 1);
      if (key === "Home") return move(0);
      if (key === "End") return move(items.length - 1);
      if (key === "Escape") {
        event.preventDefault();
        return setMenu(owner, false, "trigger");
      }
      // The focus moves on to the next control of the page; the menu closes behind it.
      if (key === "Tab") return setMenu(owner, false);
      // Space chooses an item as Enter does (a link only answers Enter by itself).
      if (key === " " && index >= 0) {
        event.preventDefault();
        return items[index]!.click();
      }
      if (key.length === 1 && /\S/.test(key)) {
        const letter = key.toLowerCase();
        const next = items
          .slice(index + 1)
          .concat(items.slice(0, index + 1))
          .find((item) => (item.textContent ?? "").trim().toLowerCase().startsWith(letter));
        if (next) move(items.indexOf(next));
      }
      return;
    }
    if (event.key !== "Escape") return;
    for (const open of openTriggers()) setMenu(open, false, "trigger");
    for (const details of Array.from(doc.querySelectorAll<HTMLDetailsElement>(`${MOBILE_MENU}[open]`))) {
      details.open = false;
      details.querySelector("summary")?.focus();
    }
  });

  // As in native menus, the item under the pointer is the focused one.
  listen("pointermove", (event) => {
    const item = (event.target as Element).closest?.<HTMLElement>(ITEM);
    if (item && item !== doc.activeElement) item.focus();
  });

  // The focus leaving a menu and its button closes the menu.
  listen("focusout", (event) => {
    const owner = triggerOf((event.target as Element).closest?.('[role="menu"]') ?? null);
    if (owner && isOpen(owner) && !inside(owner, event.relatedTarget)) setMenu(owner, false);
  });
}
