import type { ShellConfig } from "./config";

/**
 * The language (spec §4): localStorage `language` is the browser's record, the cookie its mirror
 * for the server. A `?lang=` link (the switcher's items, plain links on every page) is a choice:
 * the server renders the page in it and it is stored here; a stored choice the page is not in
 * reloads the page in it. After a choice from the switcher its button gets the focus back. Until a
 * visitor chooses, nothing is stored (ADR 0068: a visit leaves no cookie and no storage behind).
 */

/** sessionStorage keys from one page load to the next. */
const FOCUS_AFTER_LOAD = "shell.focusAfterLoad";
const LANGUAGE_RELOAD = "shell.languageReload";

export function startLanguage() {
  const doc = document;

  // A choice from a language link: where the focus was, to give it back after the load.
  addEventListener("click", (event) => {
    const link = (event.target as Element).closest?.("a[hreflang]");
    if (event.defaultPrevented || !link || !/[?&]lang=/.test(link.getAttribute("href") ?? "")) return;
    const menu = link.closest('[role="menu"]');
    const trigger = menu && doc.querySelector<HTMLElement>(`[aria-controls="${menu.id}"]`);
    try {
      if (trigger?.dataset.testid) sessionStorage.setItem(FOCUS_AFTER_LOAD, trigger.dataset.testid);
    } catch {
      // no sessionStorage: the focus starts at the top, as after any page load
    }
  });
}

/** Runs once the page is parsed; true when the page reloads into the stored language. */
export function followStoredLanguage(config: ShellConfig): boolean {
  const doc = document;
  const language = doc.documentElement.lang;
  const remember = (value: string) => {
    try {
      localStorage.setItem(config.languageStorageKey, value);
    } catch {
      // storage disabled: the cookie still carries the choice
    }
    const secure = location.protocol === "https:" ? "; Secure" : "";
    doc.cookie = `${config.languageCookie}=${value}; Path=/; Max-Age=${config.languageCookieMaxAgeS}; SameSite=Lax${secure}`;
  };
  let choice: string | null = null;
  try {
    choice = localStorage.getItem(config.languageStorageKey);
  } catch {
    // no localStorage: the cookie alone decides
  }
  const chosenByLink = new URLSearchParams(location.search).has("lang");
  if (!chosenByLink && choice && config.languages.includes(choice) && choice !== language) {
    remember(choice);
    // Only when the cookie took (without cookies the server cannot follow) and once per address.
    let reloaded = true;
    try {
      reloaded = sessionStorage.getItem(LANGUAGE_RELOAD) === location.href;
      sessionStorage.setItem(LANGUAGE_RELOAD, location.href);
    } catch {
      // no sessionStorage: no reload either
    }
    if (!reloaded && doc.cookie.includes(`${config.languageCookie}=${choice}`)) {
      location.reload();
      return true;
    }
  } else if (config.languages.includes(language) && (chosenByLink || choice)) {
    // A visitor who never chose keeps nothing in the browser: the server's default needs no record.
    remember(language);
  }
  try {
    const focusTestId = sessionStorage.getItem(FOCUS_AFTER_LOAD);
    sessionStorage.removeItem(FOCUS_AFTER_LOAD);
    if (focusTestId) doc.querySelector<HTMLElement>(`[data-testid="${focusTestId}"]`)?.focus();
  } catch {
    // no sessionStorage
  }
  return false;
}
