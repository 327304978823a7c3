import { createContext, use, useCallback, useContext, useMemo, type ReactNode } from "react";
import { useLocation, useMatches, useNavigate, useRevalidator } from "react-router";
import {
  addNamespaces,
  hasNamespaces,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LANGUAGE_STORAGE_KEY,
  namespacesOf,
  type Language,
} from "./i18n";
import type { Translator } from "./translator";
import { useTranslation } from "./use-translation";

interface LanguageContextValue {
  language: Language;
  setLanguage: (language: Language) => Promise<void>;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

/** Persists the choice where the browser (localStorage) and the server (cookie) find it. */
export function rememberLanguage(language: Language) {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage disabled: the cookie still carries the choice
  }
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}

export function readStoredLanguage(): Language | undefined {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

export function LanguageProvider({ language, children }: { language: Language; children: ReactNode }) {
  const { translator } = useTranslation();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const { search } = useLocation();

  const setLanguage = useCallback(
    async (next: Language) => {
      rememberLanguage(next);
      // Everything loaded in the current language (this page and earlier ones), in the new one.
      await addNamespaces(translator, next, translator.namespaces(translator.language));
      translator.changeLanguage(next);
      document.documentElement.lang = next;
      // Loaders and meta tags (titles, descriptions) follow the new language. An address that names
      // a language (`?lang=`, a link's choice) loses it: it would choose the old one again, and the
      // server remembers the language of such an address in the cookie.
      const params = new URLSearchParams(search);
      if (!params.has("lang")) return revalidator.revalidate();
      params.delete("lang");
      await navigate({ search: params.size ? `?${params}` : "" }, { replace: true, preventScrollReset: true });
    },
    [translator, revalidator, navigate, search],
  );

  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error("useLanguage must be used within a LanguageProvider");
  return value;
}

const pending = new Map<string, Promise<void>>();

function loadOnce(translator: Translator, language: Language, namespaces: string[]) {
  const key = `${language}:${namespaces.join(",")}`;
  let loading = pending.get(key);
  if (!loading) {
    loading = addNamespaces(translator, language, namespaces).finally(() => pending.delete(key));
    pending.set(key, loading);
  }
  return loading;
}

/**
 * Makes sure the translations of the matched routes (`handle.i18n`) are loaded before they
 * render. After a client-side navigation to a page with a new namespace this suspends; the
 * router renders inside a transition, so the previous page stays until the texts are there.
 * The first render never waits: entry.client loads the first page's namespaces.
 */
export function useRouteNamespaces() {
  const { translator, language } = useTranslation();
  const namespaces = namespacesOf(useMatches().map((match) => match.handle));
  if (isLanguage(language) && !hasNamespaces(translator, language, namespaces)) use(loadOnce(translator, language, namespaces));
}
