/**
 * The translator in React (ADR 0048): `TranslationProvider` at the top of the tree (entry.server,
 * entry.client, tests), `useTranslation()` in components. The provider follows the translator's
 * language and hands every component the same answer until the language changes, so the hook is a
 * context lookup on the server and in the browser, and a language change renders the consumers again.
 */
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";
import type { TFunction, Translator } from "./translator";

export interface Translation {
  /** `t` in the language the page shows now. */
  t: TFunction;
  translator: Translator;
  language: string;
}

const TranslationContext = createContext<Translation | undefined>(undefined);

export function TranslationProvider({ translator, children }: { translator: Translator; children?: ReactNode }) {
  const language = useSyncExternalStore(
    translator.subscribe,
    () => translator.language,
    () => translator.language,
  );
  const value = useMemo(() => ({ t: translator.fixedT(language), translator, language }), [translator, language]);
  return <TranslationContext value={value}>{children}</TranslationContext>;
}

export function useTranslation(): Translation {
  const translation = useContext(TranslationContext);
  if (!translation) throw new Error("useTranslation needs a TranslationProvider above it");
  return translation;
}
