/**
 * The shell's one script (ADR 0051), inlined into every page's <head> by root.tsx with the
 * response's nonce (or the page cache's hash): the header menus, the language, the cart badge, the
 * methodology reveal, the busy label of plain form posts and the hydration of a page on first use.
 * React renders only their markup, so they behave the same on document pages (no React, ADR 0032),
 * before hydration and after. Bundled into one IIFE by the `shell-script` plugin of vite.config.ts;
 * its settings come as JSON in the script element's `data-config`.
 */
import { startBusyLabel } from "./busy-label";
import { startCartBadge } from "./cart-badge";
import type { ShellConfig } from "./config";
import { startDeferredHydration } from "./deferred-hydration";
import { followStoredLanguage, startLanguage } from "./language";
import { startMenus } from "./menus";
import { startReveal } from "./reveal";

const config = JSON.parse((document.currentScript as HTMLScriptElement).dataset.config!) as ShellConfig;

// Listening from <head> on: no click or key made before the page's end (or React) is lost.
startMenus();
startLanguage();
startBusyLabel();

function start() {
  if (followStoredLanguage(config)) return;
  startCartBadge(config);
  startReveal(config);
  startDeferredHydration();
  // The marker end-to-end tests and benchmarks wait for; where React's scripts run, root.tsx sets it once hydrated.
  if (!document.querySelector("script[type=module]")) document.documentElement.dataset.ready = "true";
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
