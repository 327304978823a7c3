/**
 * The one script of a document page (a route with `handle.hydrate = false`, ADR 0032): no React
 * runs there, so this small script does what needs the browser. It is inlined into the page with
 * the response's nonce (or the page cache's hash) by root.tsx, like menu-early-script.ts, and
 * loads nothing.
 *
 * - Header menus (components/ui/menu.tsx markup): the WAI-ARIA menu button of the React
 *   component, by mouse and keyboard; Escape closes the mobile menu (<details>).
 * - Language (spec §4): localStorage `language` is the browser's record, the cookie its mirror
 *   for the server. A `?lang=` link (the switcher's items) is a choice and is stored; a stored
 *   choice the page is not in reloads the page in it. After a choice from the switcher its button
 *   keeps the focus across the page load.
 * - Cart badge: the count of the cart in localStorage (features/shop/cart-store.ts), kept in step
 *   with other tabs.
 * - Consulting methodology (spec §4, §9): steps become active 200 ms apart once 30 % is visible.
 * - Forms post as plain HTML forms; the submit button shows its busy label (`data-busy-label`).
 * - `<html data-ready="true">` when done: the marker end-to-end tests and benchmarks wait for.
 *
 * `runDocumentPage` is serialized with Function.prototype.toString: it must not use anything from
 * outside its own body except its argument and browser globals.
 */
export interface DocumentScriptConfig {
  languages: readonly string[];
  languageStorageKey: string;
  languageCookie: string;
  languageCookieMaxAgeS: number;
  cartStorageKey: string;
  cartMaxLineQuantity: number;
  cartBadgeClass: string;
  revealStaggerMs: number;
  revealThreshold: number;
}

/** sessionStorage keys of one page load to the next. */
const FOCUS_AFTER_LOAD = "document.focusAfterLoad";

export function runDocumentPage(config: DocumentScriptConfig, focusKey: string) {
  const doc = document;
  const root = doc.documentElement;

  /* ---------- header menus (components/ui/menu.tsx) ---------- */
  const menuOf = (trigger: Element) => doc.getElementById(trigger.getAttribute("aria-controls") ?? "");
  const itemsOf = (menu: HTMLElement | null) =>
    menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')) : [];
  const isOpen = (trigger: Element) => trigger.getAttribute("aria-expanded") === "true";
  const triggers = () => Array.from(doc.querySelectorAll<HTMLElement>("[data-menu-trigger]"));

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
      setMenu(trigger, !isOpen(trigger), "first");
      return;
    }
    const item = target.closest('[role="menu"] [role="menuitem"]');
    if (item) {
      // Choosing an item closes its menu; a link then navigates.
      const owner = triggerOfMenu(item.closest('[role="menu"]'));
      if (owner) setMenu(owner, false, "trigger");
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
    if (trigger && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      event.preventDefault();
      setMenu(trigger, true, event.key === "ArrowDown" ? "first" : "last");
      return;
    }
    const menu = target.closest<HTMLElement>('[role="menu"]');
    const owner = triggerOfMenu(menu);
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
    if (item && item !== doc.activeElement) item.focus();
  });

  // Focus leaving a menu (and its button) closes it.
  addEventListener("focusout", (event) => {
    const menu = (event.target as Element | null)?.closest?.('[role="menu"]');
    const owner = triggerOfMenu(menu ?? null);
    const next = event.relatedTarget as Node | null;
    if (owner && isOpen(owner) && !(owner.parentElement && next && owner.parentElement.contains(next))) setMenu(owner, false);
  });

  /* ---------- language (spec §4) ---------- */
  function remember(language: string) {
    try {
      localStorage.setItem(config.languageStorageKey, language);
    } catch {
      // storage disabled: the cookie still carries the choice
    }
    const secure = location.protocol === "https:" ? "; Secure" : "";
    doc.cookie = `${config.languageCookie}=${language}; Path=/; Max-Age=${config.languageCookieMaxAgeS}; SameSite=Lax${secure}`;
  }

  function stored() {
    try {
      const value = localStorage.getItem(config.languageStorageKey);
      return value && config.languages.includes(value) ? value : undefined;
    } catch {
      return undefined;
    }
  }

  // A choice from a language link: remember where the focus was, to give it back after the load.
  addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>("a[hreflang]");
    if (!link || !/[?&]lang=/.test(link.getAttribute("href") ?? "")) return;
    const trigger = triggerOfMenu(link.closest('[role="menu"]'));
    try {
      if (trigger?.dataset.testid) sessionStorage.setItem(focusKey, trigger.dataset.testid);
    } catch {
      // no sessionStorage: the focus starts at the top, as after any page load
    }
  });

  /* ---------- cart badge (features/shop/cart-store.ts) ---------- */
  function cartCount() {
    try {
      const lines: unknown = JSON.parse(localStorage.getItem(config.cartStorageKey) ?? "[]");
      if (!Array.isArray(lines)) return 0;
      let count = 0;
      for (const line of lines as Array<{ merchandiseId?: unknown; quantity?: unknown }>) {
        const quantity = line?.quantity;
        if (typeof line?.merchandiseId === "string" && Number.isInteger(quantity) && (quantity as number) > 0) {
          count += Math.min(quantity as number, config.cartMaxLineQuantity);
        }
      }
      return count;
    } catch {
      return 0;
    }
  }

  function showCart() {
    const count = cartCount();
    const plural = new Intl.PluralRules(root.lang || "en").select(count);
    for (const link of Array.from(doc.querySelectorAll<HTMLElement>("a[data-cart-link]"))) {
      const label = (plural === "one" ? link.dataset.labelOne : link.dataset.labelOther) ?? "";
      link.setAttribute("aria-label", label.replace("#", String(count)));
      let badge = link.querySelector<HTMLElement>('[data-testid="cart-count"]');
      if (count > 0) {
        if (!badge) {
          badge = doc.createElement("span");
          badge.dataset.testid = "cart-count";
          badge.className = config.cartBadgeClass;
          link.append(badge);
        }
        badge.textContent = String(count);
      } else {
        badge?.remove();
      }
    }
  }

  /* ---------- consulting methodology (spec §4, §9) ---------- */
  function armReveal(section: HTMLElement) {
    const steps = Array.from(section.querySelectorAll<HTMLElement>("[data-active]"));
    const rect = section.getBoundingClientRect();
    const visible = Math.min(rect.bottom, innerHeight) - Math.max(rect.top, 0);
    const alreadyVisible = visible > 0 && visible >= config.revealThreshold * Math.min(rect.height, innerHeight);
    section.dataset.hydrated = "true";
    if (typeof IntersectionObserver === "undefined" || matchMedia("(prefers-reduced-motion: reduce)").matches || alreadyVisible) return;
    section.dataset.reveal = "animated";
    for (const step of steps) step.dataset.active = "false";
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.find((candidate) => candidate.isIntersecting);
        if (!entry) return;
        // A section taller than the viewport can never be 30 % visible as a whole; a viewport-relative fraction counts too.
        const viewport = entry.rootBounds?.height ?? innerHeight;
        if (entry.intersectionRatio < config.revealThreshold && entry.intersectionRect.height < config.revealThreshold * viewport) return;
        observer.disconnect();
        steps.forEach((step, index) => setTimeout(() => (step.dataset.active = "true"), index * config.revealStaggerMs));
      },
      { threshold: [0, 0.1, 0.2, config.revealThreshold, 0.5] },
    );
    observer.observe(section);
  }

  /* ---------- forms: the busy label while the page posts ---------- */
  addEventListener("submit", (event) => {
    if (event.defaultPrevented) return;
    const button = (event as SubmitEvent).submitter as HTMLButtonElement | null;
    const busyLabel = button?.dataset.busyLabel;
    if (!button || !busyLabel) return;
    // After the form's data is taken (a disabled button would leave its own name out of it).
    setTimeout(() => {
      button.disabled = true;
      button.setAttribute("aria-disabled", "true");
      button.textContent = busyLabel;
    });
  });

  function start() {
    const language = root.lang;
    const choice = stored();
    const chosenByLink = new URLSearchParams(location.search).has("lang");
    if (!chosenByLink && choice && choice !== language) {
      remember(choice);
      // Only when the cookie took: without cookies the server cannot follow, and the page stays.
      if (doc.cookie.includes(`${config.languageCookie}=${choice}`)) return location.reload();
    } else if (config.languages.includes(language)) {
      remember(language);
    }
    try {
      const focusTestId = sessionStorage.getItem(focusKey);
      sessionStorage.removeItem(focusKey);
      if (focusTestId) doc.querySelector<HTMLElement>(`[data-testid="${focusTestId}"]`)?.focus();
    } catch {
      // no sessionStorage
    }
    showCart();
    addEventListener("storage", (event) => {
      if (event.key === config.cartStorageKey) showCart();
    });
    const methodology = doc.querySelector<HTMLElement>("#methodology[data-reveal]");
    if (methodology) armReveal(methodology);
    root.dataset.ready = "true";
  }

  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", start);
  else start();
}

/** The inline script: the function above, called with the site's settings. */
export function documentScript(config: DocumentScriptConfig) {
  return `(${runDocumentPage.toString()})(${JSON.stringify(config)},${JSON.stringify(FOCUS_AFTER_LOAD)});`;
}
