import { useTranslation } from "react-i18next";

/**
 * The console's texts arrive with the layout's loader data in every language (they are not a
 * public chunk, so no visitor's download reveals the console). They are added to i18next
 * before the first console component renders; adding the same bundle again changes nothing.
 */
export function useConsoleMessages(messages: Record<string, Record<string, unknown>>) {
  const { i18n } = useTranslation();
  for (const [language, bundle] of Object.entries(messages)) {
    if (i18n.getResource(language, "translation", "admin") === undefined) {
      i18n.addResourceBundle(language, "translation", { admin: bundle }, true, true);
    }
  }
}
