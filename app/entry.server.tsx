import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { contentSecurityPolicy, cspHeaderName } from "~/lib/csp.server";
import { requestTranslator } from "~/lib/page-preview.server";
import { TranslationProvider } from "~/lib/use-translation";
import { logger } from "~/lib/logger.server";
import { lazyPartsLoaded } from "~/lib/lazy-part";
import { NonceProvider } from "~/lib/nonce";
import { currentRequestId } from "~/lib/request-context.server";
import { RequestIdProvider } from "~/lib/request-id";
import { DEFERRED_HYDRATION_MARKER, ShellScriptProvider } from "~/lib/document-page";
import { DEV_RELOAD_SCRIPT } from "~/lib/dev-reload";
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S, LANGUAGE_STORAGE_KEY, LANGUAGES } from "~/lib/i18n";
import { CART_STORAGE_KEY, MAX_LINE_QUANTITY } from "~/features/shop/cart-store";
import { REVEAL_THRESHOLD, STEP_STAGGER_MS } from "~/features/marketing/consulting/methodology";
import type { ShellConfig } from "~/shell/config";
import shellScript from "virtual:shell-script";

export const streamTimeout = 5_000;

/** The shell's script (app/shell/, ADR 0051) and its settings: the same bytes on every page (one CSP hash). */
const SHELL_SCRIPT = {
  // In development pages without React also reload on save (ADR 0052): they carry no Vite client.
  script: import.meta.env.DEV ? shellScript + DEV_RELOAD_SCRIPT : shellScript,
  config: JSON.stringify({
    languages: LANGUAGES,
    languageStorageKey: LANGUAGE_STORAGE_KEY,
    languageCookie: LANGUAGE_COOKIE,
    languageCookieMaxAgeS: LANGUAGE_COOKIE_MAX_AGE_S,
    cartStorageKey: CART_STORAGE_KEY,
    cartMaxLineQuantity: MAX_LINE_QUANTITY,
    revealStaggerMs: STEP_STAGGER_MS,
    revealThreshold: REVEAL_THRESHOLD,
  } satisfies ShellConfig),
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  // The language's published texts, or a preview link's draft (ADR 0059).
  // …and the parts in chunks of their own loaded (once, at the first request), so they render in place.
  const [translator] = await Promise.all([requestTranslator(request), lazyPartsLoaded()]);
  // Every HTML answer carries its own nonce (server/app.ts makes one per request).
  const nonce = loadContext?.cspNonce;
  if (nonce) responseHeaders.set(cspHeaderName(), contentSecurityPolicy(nonce));
  return new Promise((resolve, reject) => {
    // The whole document is rendered, then sent as one buffer (ADR 0026): no loader hands the
    // page a promise (no <Suspense> boundary waits for data), so streaming would only cut the same
    // bytes into ~100 chunks, each a web-stream read, a compression call and a socket write.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    let shellRendered = false;
    let shellFailed = false;
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        timeoutId = undefined;
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(holdScriptsBack(Buffer.concat(chunks)), { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ShellScriptProvider value={SHELL_SCRIPT}>
          <TranslationProvider translator={translator}>
            <RequestIdProvider value={currentRequestId()}>
              <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
            </RequestIdProvider>
          </TranslationProvider>
        </ShellScriptProvider>
      </NonceProvider>,
      {
        nonce,
        // The page is sent whole once everything is ready (onAllReady): a Suspense boundary's content is
        // written in place, never "outlined" after the page (hidden, revealed by a script, so invisible
        // without JavaScript), which React does past this many bytes (12,800 by default).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          if (!shellFailed) pipe(body);
        },
        onShellError(error: unknown) {
          shellFailed = true;
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors during the shell are reported by onShellError; later ones only logged.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/**
 * Errors from loaders and actions: a refusal (4xx) is one warning line, never a stack trace;
 * anything else is a real fault and logged with its stack. Aborted requests are not errors.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.warn(`${error.status} ${request.method} ${new URL(request.url).pathname}: ${error.statusText || "refused"}`);
    return;
  }
  logger.error(`${request.method} ${new URL(request.url).pathname} failed`, error);
};

const MODULE_PRELOAD = /<link rel="modulepreload" href="[^"]*"(?: nonce="[^"]*")?\/>/g;

/**
 * A page hydrated on first use (ADR 0032): React Router's scripts after the marker (hydration data,
 * route modules, entry) go into the marker's <template>, which the shell script (app/shell/) runs at the
 * visitor's first use, and their module preloads leave <head>. Other pages pass unchanged.
 */
function holdScriptsBack(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  if (html.indexOf("<template data-deferred-hydration=") < 0) return html;
  const text = html.toString("utf8");
  const marker = DEFERRED_HYDRATION_MARKER.exec(text);
  const end = text.lastIndexOf("</body>");
  if (!marker || end < marker.index) return html;
  const before = text.slice(0, marker.index).replace(MODULE_PRELOAD, "");
  const scripts = text.slice(marker.index + marker[0].length, end);
  return Buffer.from(`${before}<template data-deferred-hydration="${marker[1]}">${scripts}</template>${text.slice(end)}`);
}
