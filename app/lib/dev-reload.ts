/**
 * Reload on save for pages without React (ADR 0052). Document pages and pages hydrated on first use
 * (app/lib/document-page.ts) carry no Vite client, so Vite's HMR never reaches them. In development
 * entry.server.tsx appends this script to the shell's inline script (which carries the nonce, or the page
 * cache's hash); on a page without React's module scripts it listens to the dev server's event stream (server/dev-reload.ts) and reloads the page
 * when a source file changes, and again when the stream comes back after a restart of the dev server.
 * Only referenced under `import.meta.env.DEV`, so no production build contains it.
 */
export const DEV_RELOAD_PATH = "/__dev/reload";

export const DEV_RELOAD_SCRIPT = `;addEventListener("DOMContentLoaded", () => {
  if (document.querySelector("script[type=module]")) return;
  let lost = false;
  const events = new EventSource("${DEV_RELOAD_PATH}");
  events.addEventListener("change", () => location.reload());
  events.onerror = () => { lost = true; };
  events.onopen = () => { if (lost) location.reload(); };
});`;
