import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { addNamespaces, createI18n, DEFAULT_LANGUAGE, isLanguage, namespacesOf } from "~/lib/i18n";

declare global {
  interface Window {
    /** The matched routes' modules, set by React Router's <Scripts> before this module runs. */
    __reactRouterRouteModules?: Record<string, { handle?: unknown }>;
  }
}

async function hydrate() {
  // The server rendered <html lang> from the language cookie; load only that language, and
  // only the namespaces of the shell and of this page's routes (their `handle.i18n`).
  const lang = document.documentElement.lang;
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  const i18n = await createI18n(language, {});
  const routeModules = Object.values(window.__reactRouterRouteModules ?? {});
  await addNamespaces(i18n, language, namespacesOf(routeModules.map((module) => module.handle)));
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
