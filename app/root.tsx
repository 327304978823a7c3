import { useEffect } from "react";
import { useTranslation } from "~/lib/use-translation";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
  type LoaderFunctionArgs,
} from "react-router";
import { Toaster } from "~/components/ui/toaster";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { NotFound } from "~/components/layout/not-found";
import { ContentLanguage, contentLanguageOf } from "~/components/layout/content-language";
import { DEFAULT_LANGUAGE } from "~/lib/i18n";
import { pageModeOf, useShellScript } from "~/lib/document-page";
import { languageFromRequest } from "~/lib/i18n.server";
import { pagePreviewOf } from "~/lib/page-preview.server";
import { PreviewBanner } from "~/components/layout/preview-banner";
import { useNonce } from "~/lib/nonce";
import { LanguageProvider, useRouteNamespaces } from "~/lib/language";
import { getShellUser, sessionCookieHeaders } from "~/features/account/session.server";
import { loadAccountNotice } from "~/features/account/account-notice.server";
import { AccountNoticeSlot } from "~/features/account/account-notice-slot";
import { getSiteFacts } from "~/lib/site-facts.server";
import { SiteFactsProvider, useSiteFacts, type SiteFacts } from "~/lib/site-facts";
import { CartButton } from "~/features/shop/cart-button";
import { ConsoleHeader } from "~/components/layout/console-header";
import { storefrontConfig } from "~/features/shop/storefront.server";
import { shopOpen } from "~/lib/shop-switch.server";
import { accentCss, BrandProvider, NO_BRAND } from "~/lib/brand";
import { useRequestId } from "~/lib/request-id";
import { getBrand } from "~/lib/brand.server";
import stylesheet from "./app.css?url";
// The typeface's Latin file (app.css): preloaded so the text swaps to it before the first paint, not after.
import bodyFont from "@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2?url";

export const links = () => [
  { rel: "preload", href: bodyFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: stylesheet },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // A shell shared by every member (server/page-cache.ts, ADR 0031) reads no session: its header
  // waits ("pending") for the page's own data request, which runs this loader again.
  const shell = context.pageShell === true;
  const user = shell ? ("pending" as const) : await getShellUser(request);
  // After sign-up and after the confirmation link: a lasting notice on the page the visitor lands on.
  const { notice, headers } = shell ? { notice: null, headers: new Headers() } : await loadAccountNotice(request);
  for (const cookie of sessionCookieHeaders(request).getSetCookie()) headers.append("Set-Cookie", cookie);
  return data(
    {
      language: languageFromRequest(request),
      year: new Date().getFullYear(),
      user,
      // The company's facts (console settings over app/config/site.ts), for the shell and pages.
      site: browserSiteFacts(await getSiteFacts()),
      // The operator's logo, icon and colour (console settings, ADR 0076); null parts keep the product's own.
      brand: await getBrand(),
      notice,
      // Without a connected store the header offers the cart only once something is in it (issue 27).
      shopConnected: storefrontConfig() !== null,
      // The operator's shop switch (ADR 0077): off, the shop leaves the navigation and the header.
      shopOpen: await shopOpen(),
      // Opened through a preview link of its draft (ADR 0059): the page says so.
      preview: pagePreviewOf(new URL(request.url))?.ok === true,
    },
    { headers },
  );
}

/** The community site and its module paths stay on the server: only members get links into it (ADR 0010). */
function browserSiteFacts(facts: SiteFacts): SiteFacts {
  return {
    ...facts,
    externalUrls: { ...facts.externalUrls, community: "" },
    communityModulePaths: {} as SiteFacts["communityModulePaths"],
  };
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>["data"];

export function useRootData() {
  return useRouteLoaderData<RootLoaderData>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const defaultFacts = useSiteFacts();
  const brand = data?.brand ?? NO_BRAND;
  const language = data?.language ?? DEFAULT_LANGUAGE;
  const nonce = useNonce();
  const location = useLocation();
  // A document page (`handle.hydrate = false`) ships no React: no <Scripts/> (hydration data,
  // module preloads, entry), no <ScrollRestoration/> (ADR 0032). A page hydrated on first use
  // (`"on-use"`, `"on-interaction"`) has its React scripts held back in a <template> (entry.server.tsx). Every page has
  // the shell's inline script (app/shell/, ADR 0051): its widgets, whether React runs or not.
  const shell = useShellScript();
  // The script (and the mode) only exist on the server: in the browser React renders as usual.
  const matches = useMatches();
  const mode = shell === undefined ? "hydrate" : pageModeOf(matches, data?.notice);
  // The console (/admin) has its own compact frame: no marketing header or footer (issue 27).
  const inConsole = matches.some((match) => match.id === "routes/admin");
  // A marker for end-to-end tests and benchmarks: React runs (on pages without React the shell script sets it).
  // `data-hydrated` and the `hydrated` event: React runs (a page hydrated on first use presses again what was
  // pressed before, app/shell/deferred-hydration.ts).
  useEffect(() => {
    document.documentElement.dataset.ready = "true";
    document.documentElement.dataset.hydrated = "true";
    dispatchEvent(new Event("hydrated"));
  }, []);
  return (
    // The dark theme is forced: there is no light theme to flash (spec §1).
    // suppressHydrationWarning: the shell script may have set data-ready already.
    <html lang={language} className="dark" style={{ colorScheme: "dark" }} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b0f19" />
        <Meta />
        <Links />
        <link rel="icon" href={brand.favicon?.url ?? "/favicon.svg"} type={brand.favicon?.type ?? "image/svg+xml"} />
        {brand.favicon ? <link rel="apple-touch-icon" href={brand.favicon.url} /> : null}
        {/* The brand colour over the theme's (a checked #rrggbb; inline styles are allowed by the CSP, ADR 0014). */}
        {brand.accent ? <style>{accentCss(brand.accent)}</style> : null}
        {/* A member shell (ADR 0031) without JavaScript: on to the same page rendered with the member's data. */}
        {data?.user === "pending" && (
          <noscript>
            <meta httpEquiv="refresh" content={`0; url=${location.pathname}?view=full&lang=${language}`} />
          </noscript>
        )}
        {/* The shell's widgets from the first byte on (no click lost before hydration); React never runs it again. */}
        <script
          nonce={nonce}
          data-config={shell?.config}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: shell?.script ?? "" }}
        />
      </head>
      <body className="min-h-screen bg-background text-foreground antialiased">
        <LanguageProvider language={language}>
          <SiteFactsProvider value={data?.site ?? defaultFacts}>
            <BrandProvider value={brand}>
              <div className="flex min-h-screen flex-col">
                {inConsole ? (
                  <ConsoleHeader user={data?.user ?? null} />
                ) : (
                  <SiteHeader
                    user={data?.user ?? null}
                    shop={data?.shopOpen !== false}
                    renderCart={(layout) => <CartButton layout={layout} hideWhenEmpty={data?.shopConnected === false} />}
                  />
                )}
                <main id="main" className="flex-1">
                  {data?.preview ? <PreviewBanner /> : null}
                  <AccountNoticeSlot notice={data?.notice} />
                  <ContentLanguage language={contentLanguageOf(matches)}>{children}</ContentLanguage>
                </main>
                {inConsole ? null : <SiteFooter year={data?.year ?? new Date().getFullYear()} />}
              </div>
            </BrandProvider>
          </SiteFactsProvider>
        </LanguageProvider>
        <Toaster />
        {mode === "document" ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            {mode === "on-use" || mode === "on-interaction" ? (
              <template data-deferred-hydration={mode === "on-use" ? "" : "interaction"} />
            ) : null}
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  useRouteNamespaces();
  return <Outlet />;
}

export function ErrorBoundary({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const location = useLocation();
  const requestId = useRequestId();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-title font-bold">{t("common.error.title")}</h1>
      <p className="mt-4 text-muted-foreground">{t("common.error.description")}</p>
      {/* A refusal (4xx) is not ours to trace; a failure is, with the id of its log lines. */}
      {requestId && (!isRouteErrorResponse(error) || error.status >= 500) && (
        <p className="mt-4 text-sm text-muted-foreground" data-request-id={requestId}>
          {t("common.error.reference")} <code className="font-mono">{requestId}</code>
        </p>
      )}
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {/* A plain link to the same address: a full new request, also where React did not load. */}
        <a href={`${location.pathname}${location.search}`} className="btn btn-default btn-lg" data-testid="error-retry">
          {t("common.error.retry")}
        </a>
        <a href="/" className="btn btn-outline btn-lg">
          {t("common.notFound.returnHome")}
        </a>
      </div>
    </section>
  );
}
