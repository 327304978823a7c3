/**
 * The one script of a document page (a route with `handle.hydrate = false` or `"on-use"`, ADR 0032): no React
 * runs there, so this small script does what needs the browser. It is inlined into the page with
 * the response's nonce (or the page cache's hash) by root.tsx, like menu-early-script.ts, and
 * loads nothing.
 *
 * - Header menus: document-menus.ts.
 * - Language (spec §4): localStorage `language` is the browser's record, the cookie its mirror
 *   for the server. A `?lang=` link (the switcher's items) is a choice and is stored; a stored
 *   choice the page is not in reloads the page in it. After a choice from the switcher its button
 *   keeps the focus across the page load.
 * - Cart badge: the count of the cart in localStorage (features/shop/cart-store.ts), kept in step
 *   with other tabs.
 * - Consulting methodology (spec §4, §9): steps become active 200 ms apart once 30 % is visible.
 * - Forms post as plain HTML forms; the submit button shows its busy label (`data-busy-label`).
 * - A page hydrated on first use (/contact): React's scripts run when the visitor first turns to a form.
 * - `<html data-ready="true">` when done: the marker end-to-end tests and benchmarks wait for.
 *
 * `runDocumentPage` is serialized with Function.prototype.toString: it must not use anything from
 * outside its own body except its argument and browser globals.
 */
import { runDocumentMenus } from "./document-menus";

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

/** sessionStorage keys of one page load to the next: the control to focus, the address reloaded for the language. */
const FOCUS_AFTER_LOAD = "document.focusAfterLoad";
const LANGUAGE_RELOAD = "document.languageReload";

export function runDocumentPage(config: DocumentScriptConfig, focusKey: string, reloadKey: string) {
  const doc = document;
  const root = doc.documentElement;
  // True once React runs the page (hydrated on first use): what it renders is its own.
  let reactRuns = false;

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
    if (event.defaultPrevented || !link || !/[?&]lang=/.test(link.getAttribute("href") ?? "")) return;
    const menu = link.closest('[role="menu"]');
    const trigger = menu ? doc.querySelector<HTMLElement>(`[aria-controls="${menu.id}"]`) : null;
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
    if (reactRuns) return;
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

  /* ---------- a page hydrated on first use (`handle.hydrate = "on-use"`) ---------- */
  // The server put React Router's scripts into a <template> (entry.server.tsx). When the visitor
  // first turns to a form, they run as they would have at load: React hydrates the page as it is.
  function hydrateOnFirstUse(template: HTMLTemplateElement) {
    const hydrate = (event: Event) => {
      if (!(event.target as Element | null)?.closest?.("form")) return;
      removeEventListener("focusin", hydrate, true);
      removeEventListener("pointerdown", hydrate, true);
      reactRuns = true;
      // React renders the cart badge itself; what this script drew would not match its markup.
      for (const badge of Array.from(doc.querySelectorAll('a[data-cart-link] [data-testid="cart-count"]'))) badge.remove();
      for (const node of Array.from(template.content.childNodes)) {
        if (!(node instanceof HTMLScriptElement)) continue;
        const script = doc.createElement("script");
        for (const attribute of Array.from(node.attributes)) script.setAttribute(attribute.name, attribute.value);
        script.nonce = node.nonce;
        script.textContent = node.textContent;
        doc.body.append(script);
      }
      template.remove();
    };
    addEventListener("focusin", hydrate, true);
    addEventListener("pointerdown", hydrate, true);
  }

  function start() {
    const language = root.lang;
    const choice = stored();
    const chosenByLink = new URLSearchParams(location.search).has("lang");
    if (!chosenByLink && choice && choice !== language) {
      remember(choice);
      // Only when the cookie took (without cookies the server cannot follow) and once per address.
      let reloaded = true;
      try {
        reloaded = sessionStorage.getItem(reloadKey) === location.href;
        sessionStorage.setItem(reloadKey, location.href);
      } catch {
        // no sessionStorage: no reload either
      }
      if (!reloaded && doc.cookie.includes(`${config.languageCookie}=${choice}`)) return location.reload();
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
    const deferred = doc.querySelector<HTMLTemplateElement>("template[data-deferred-hydration]");
    if (deferred) hydrateOnFirstUse(deferred);
    const methodology = doc.querySelector<HTMLElement>("#methodology[data-reveal]");
    if (methodology) armReveal(methodology);
    root.dataset.ready = "true";
  }

  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", start);
  else start();
}

/** The inline script: the menus (document-menus.ts) and the function above, called with the site's settings. */
export function documentScript(config: DocumentScriptConfig) {
  return `(${runDocumentMenus.toString()})();(${runDocumentPage.toString()})(${JSON.stringify(config)},${JSON.stringify(FOCUS_AFTER_LOAD)},${JSON.stringify(LANGUAGE_RELOAD)});`;
}
