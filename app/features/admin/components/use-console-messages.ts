import { useTranslation } from "~/lib/use-translation";

/**
 * The console's texts arrive with the layout's loader data in every language (they are not a
 * public chunk, so no visitor's download reveals the console). They are added to the translator
 * before the first console component renders; adding the same bundle again changes nothing.
 */
export function useConsoleMessages(messages: Record<string, Record<string, unknown>>) {
  const { translator } = useTranslation();
  for (const [language, bundle] of Object.entries(messages)) {
    if (!translator.hasNamespace(language, "admin")) translator.addNamespace(language, "admin", bundle);
  }
}
