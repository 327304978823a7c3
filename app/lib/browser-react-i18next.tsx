/**
 * `react-i18next` in the browser bundle (vite.config.ts sends the app's imports of it here; ADR 0033):
 * the provider and the hook, over app/lib/browser-i18next.ts. `useTranslation()` gives `{ t, i18n }`
 * (also as `[t, i18n, ready]`), with a `t` bound to the current language that changes, and renders
 * the component again, when the language changes — what react-i18next does with its default options
 * (it does not re-render when texts are added either).
 */
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";
import type { BrowserI18n } from "./browser-i18next";

interface I18nContextValue {
  i18n: BrowserI18n;
}

export const I18nContext = createContext<I18nContextValue | undefined>(undefined);

export function I18nextProvider({ i18n, children }: { i18n: BrowserI18n; children?: ReactNode }) {
  const value = useMemo(() => ({ i18n }), [i18n]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useTranslation() {
  const context = useContext(I18nContext);
  if (!context) throw new Error("useTranslation must be used within an I18nextProvider");
  const { i18n } = context;
  const language = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  return useMemo(() => {
    const t = i18n.fixedT(language);
    return Object.assign([t, i18n, true] as const, { t, i18n, ready: true });
  }, [i18n, language]);
}
