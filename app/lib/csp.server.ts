import { getEnv } from "./env.server";

/**
 * The Content-Security-Policy of every HTML page (ADR 0014): scripts only from this origin and
 * inline ones carrying this response's nonce (React Router's hydration data, React's streaming),
 * no plugins, no <base>, no framing, and forms post to this site (plus the Google issuer and the
 * store, where a form's answer redirects). Styles allow inline `style` attributes (React sets a
 * few); they cannot run code.
 */
function originOf(url: string | undefined) {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** `scriptHashes`: 'sha256-…' sources of a cached page's inline scripts, which carry no nonce (ADR 0026). */
export function contentSecurityPolicy(nonce: string, scriptHashes: readonly string[] = []) {
  const env = getEnv();
  const google = env.GOOGLE_CLIENT_ID ? originOf(env.GOOGLE_ISSUER) : undefined;
  const store = env.SHOPIFY_STORE_DOMAIN ? originOf(`${env.SHOPIFY_PROTOCOL}://${env.SHOPIFY_STORE_DOMAIN}`) : undefined;
  const formTargets = ["'self'", google, store].filter(Boolean).join(" ");
  const imageSources = ["'self'", "data:", "blob:", store, store ? "https://cdn.shopify.com" : undefined].filter(Boolean).join(" ");
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${scriptHashes.map((hash) => ` '${hash}'`).join("")}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${imageSources}`,
    "media-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    `form-action ${formTargets}`,
  ];
  if (env.PUBLIC_URL.startsWith("https:")) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** The header's name: in development (Vite's injected scripts) the policy only reports. */
export function cspHeaderName() {
  return getEnv().NODE_ENV === "development" ? "Content-Security-Policy-Report-Only" : "Content-Security-Policy";
}
