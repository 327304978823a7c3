import { createContext, useCallback, useContext, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import {
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LANGUAGE_STORAGE_KEY,
  loadMessages,
  type Language,
} from "./i18n";

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
  const { i18n } = useTranslation();
  const revalidator = useRevalidator();

  const setLanguage = useCallback(
    async (next: Language) => {
      rememberLanguage(next);
      if (!i18n.hasResourceBundle(next, "translation")) {
        i18n.addResourceBundle(next, "translation", await loadMessages(next), true, true);
      }
      await i18n.changeLanguage(next);
      document.documentElement.lang = next;
      // Loaders and meta tags (titles, descriptions) follow the new language.
      await revalidator.revalidate();
    },
    [i18n, revalidator],
  );

  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error("useLanguage must be used within a LanguageProvider");
  return value;
}
