/**
 * The header menus of a page without React (lib/document-script.ts, ADR 0032): the WAI-ARIA menu
 * button of components/ui/menu.tsx, on its markup, by mouse and keyboard (arrows, Home/End, first
 * letter, Escape returns focus; Tab, a click outside or a choice close it), and Escape closes the
 * mobile menu (<details>). Triggers React has taken over (`data-enhanced`) are left to React.
 *
 * Serialized with Function.prototype.toString: nothing from outside its own body but browser globals.
 */
export function runDocumentMenus() {
  const doc = document;
  const menuOf = (trigger: Element) => doc.getElementById(trigger.getAttribute("aria-controls") ?? "");
  const itemsOf = (menu: HTMLElement | null) =>
    menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')) : [];
  const isOpen = (trigger: Element) => trigger.getAttribute("aria-expanded") === "true";
  // Once React runs (a page hydrated on first use) its menus are its own (`data-enhanced`).
  const triggers = () => Array.from(doc.querySelectorAll<HTMLElement>("[data-menu-trigger]:not([data-enhanced])"));
  const isOurs = (trigger: Element | null): trigger is HTMLElement => !!trigger && !trigger.hasAttribute("data-enhanced");

  function setMenu(trigger: HTMLElement, open: boolean, focus?: "first" | "last" | "trigger") {
    const menu = menuOf(trigger);
    trigger.setAttribute("aria-expanded", open ? "true" : "false");
    trigger.dataset.state = open ? "open" : "closed";
    if (menu) menu.hidden = !open;
    if (open) {
      for (const other of triggers()) if (other !== trigger && isOpen(other)) setMenu(other, false);
      const items = itemsOf(menu);
      const item = focus === "last" ? items[items.length - 1] : focus === "first" ? items[0] : undefined;
      item?.focus();
    } else if (focus === "trigger") {
      trigger.focus();
    }
  }

  const triggerOfMenu = (menu: Element | null) => (menu ? doc.querySelector<HTMLElement>(`[aria-controls="${menu.id}"]`) : null);

  addEventListener("click", (event) => {
    const target = event.target as Element | null;
    if (!target?.closest) return;
    const trigger = target.closest<HTMLElement>("[data-menu-trigger]");
    if (trigger) {
      if (isOurs(trigger)) setMenu(trigger, !isOpen(trigger), "first");
      return;
    }
    const item = target.closest('[role="menu"] [role="menuitem"]');
    if (item) {
      // Choosing an item closes its menu; a link then navigates.
      const owner = triggerOfMenu(item.closest('[role="menu"]'));
      if (isOurs(owner)) setMenu(owner, false, "trigger");
    }
  });

  // A press elsewhere closes any open menu.
  addEventListener("pointerdown", (event) => {
    const target = event.target as Element | null;
    for (const trigger of triggers()) {
      if (!isOpen(trigger)) continue;
      const container = trigger.parentElement;
      if (!container || !target || !container.contains(target)) setMenu(trigger, false);
    }
  });

  addEventListener("keydown", (event) => {
    const target = event.target as HTMLElement | null;
    if (!target?.closest) return;
    const trigger = target.closest<HTMLElement>("[data-menu-trigger]");
    if (trigger && !isOurs(trigger)) return;
    if (trigger && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      event.preventDefault();
      setMenu(trigger, true, event.key === "ArrowDown" ? "first" : "last");
      return;
    }
    const menu = target.closest<HTMLElement>('[role="menu"]');
    const owner = triggerOfMenu(menu);
    if (owner && !isOurs(owner)) return;
    if (menu && owner) {
      const items = itemsOf(menu);
      const index = items.indexOf(doc.activeElement as HTMLElement);
      const move = (to: number) => {
        event.preventDefault();
        items[(to + items.length) % items.length]?.focus();
      };
      if (event.key === "ArrowDown") return move(index + 1);
      if (event.key === "ArrowUp") return move(index - 1);
      if (event.key === "Home") return move(0);
      if (event.key === "End") return move(items.length - 1);
      if (event.key === "Escape") {
        event.preventDefault();
        return setMenu(owner, false, "trigger");
      }
      // Focus moves on to the next control in the page; the menu closes behind it.
      if (event.key === "Tab") return setMenu(owner, false);
      if (event.key === " " && index >= 0) {
        event.preventDefault();
        return items[index]!.click();
      }
      if (event.key.length === 1 && /\S/.test(event.key)) {
        const letter = event.key.toLowerCase();
        const next = items
          .slice(index + 1)
          .concat(items.slice(0, index + 1))
          .find((item) => (item.textContent ?? "").trim().toLowerCase().startsWith(letter));
        if (next) move(items.indexOf(next));
      }
      return;
    }
    if (event.key !== "Escape") return;
    for (const open of triggers()) if (isOpen(open)) setMenu(open, false, "trigger");
    // The mobile menu is a <details>: Escape closes it and returns to its button.
    for (const details of Array.from(doc.querySelectorAll<HTMLDetailsElement>('details[data-testid="mobile-menu"][open]'))) {
      details.open = false;
      details.querySelector("summary")?.focus();
    }
  });

  // As in native menus, the item under the pointer is the focused one.
  addEventListener("pointermove", (event) => {
    const item = (event.target as Element | null)?.closest?.<HTMLElement>('[role="menu"] [role="menuitem"]');
    if (item && item !== doc.activeElement && isOurs(triggerOfMenu(item.closest('[role="menu"]')))) item.focus();
  });

  // Focus leaving a menu (and its button) closes it.
  addEventListener("focusout", (event) => {
    const menu = (event.target as Element | null)?.closest?.('[role="menu"]');
    const owner = triggerOfMenu(menu ?? null);
    const next = event.relatedTarget as Node | null;
    if (isOurs(owner) && isOpen(owner) && !(owner.parentElement && next && owner.parentElement.contains(next))) setMenu(owner, false);
  });
}
