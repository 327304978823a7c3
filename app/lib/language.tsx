import { createContext, use, useContext, useMemo, type ReactNode } from "react";
import { useMatches } from "react-router";
import { addNamespaces, hasNamespaces, isLanguage, namespacesOf, type Language } from "./i18n";
import type { Translator } from "./translator";
import { useTranslation } from "./use-translation";

interface LanguageContextValue {
  language: Language;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

/**
 * The page's language, as the server rendered it. Choosing another is a `?lang=` link, stored in the
 * browser by the shell script (app/shell/language.ts, ADR 0051), which also follows a stored choice.
 */
export function LanguageProvider({ language, children }: { language: Language; children: ReactNode }) {
  const value = useMemo(() => ({ language }), [language]);
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
