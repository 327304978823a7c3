import { createContext, useContext, type ReactNode } from "react";
import type { Language } from "~/lib/i18n";
import { useLanguage } from "~/lib/language";
import { useTranslation } from "~/lib/use-translation";

const InterfaceLanguage = createContext<Language | undefined>(undefined);

/**
 * Inside content shown in another language: the visitor's language, the `lang` of the interface
 * text among it (a form's labels, a legal page's "Contents"), which stays in the visitor's language.
 * Undefined everywhere else: there is nothing to mark.
 */
export function useInterfaceLang(): Language | undefined {
  return useContext(InterfaceLanguage);
}

/**
 * A page whose content is shown in another language than the visitor's, because its language is
 * unpublished (ADR 0058): a note in the visitor's language says so, and the content is marked with
 * the language it is written in, so that the page's `lang` and its words agree (screen readers,
 * hyphenation, translation tools). The frame around it (header, footer) stays in the visitor's language.
 */
export function ContentLanguage({ language, children }: { language: Language | undefined; children: ReactNode }) {
  const { t } = useTranslation();
  const visitor = useLanguage().language;
  if (!language || language === visitor) return children;
  return (
    <>
      <p role="note" data-testid="content-language-note" className="content-language-note">
        {t("common.contentLanguage.notAvailable")}
      </p>
      <div lang={language}>
        <InterfaceLanguage value={visitor}>{children}</InterfaceLanguage>
      </div>
    </>
  );
}

/** The content language the page's own loader reported (`meta.contentLanguage`, page-meta.server.ts). */
export function contentLanguageOf(matches: ReadonlyArray<{ loaderData?: unknown }>): Language | undefined {
  const leaf = matches.at(-1)?.loaderData as { meta?: { contentLanguage?: Language } } | undefined;
  return leaf?.meta?.contentLanguage;
}
