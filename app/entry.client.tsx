import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { createI18n, DEFAULT_LANGUAGE, isLanguage, loadMessages } from "~/lib/i18n";

async function hydrate() {
  // The server rendered <html lang> from the language cookie; load only that language.
  const lang = document.documentElement.lang;
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  const i18n = await createI18n(language, { [language]: { translation: await loadMessages(language) } });
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <HydratedRouter />
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
