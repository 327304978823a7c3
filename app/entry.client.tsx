import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { addNamespaces, DEFAULT_LANGUAGE, isLanguage, namespacesOf } from "~/lib/i18n";
import { Translator } from "~/lib/translator";
import { TranslationProvider } from "~/lib/use-translation";
import { renderedRequestId, RequestIdProvider } from "~/lib/request-id";
import { loadPartsInHtml } from "~/lib/lazy-part";

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
  const translator = new Translator(language);
  const routeModules = Object.values(window.__reactRouterRouteModules ?? {});
  // …and the code of the parts in their own chunks that the server rendered in place, so they hydrate there.
  await Promise.all([
    addNamespaces(translator, language, namespacesOf(routeModules.map((module) => module.handle))),
    loadPartsInHtml(document),
  ]);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <TranslationProvider translator={translator}>
          <RequestIdProvider value={renderedRequestId(document)}>
            <HydratedRouter />
          </RequestIdProvider>
        </TranslationProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
