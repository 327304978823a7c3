import { useEffect, useState } from "react";

/**
 * Toasts (sonner), loaded on first use: sonner is ~9 KB of compressed JavaScript that most page
 * views never need, and the root layout is loaded on every page. `toast.success/error` load it,
 * mount its <Toaster> in the root layout and then show the toast. Pages that are likely to
 * toast call `usePreloadToaster()` (on the person's first click, key or touch on the page) or
 * `preloadToaster()` (when a form is first touched), so the toaster's live region is in the page
 * well before the first toast is announced, and no page downloads it before hydrating.
 */
type Sonner = typeof import("sonner");
interface ToastOptions {
  description?: string;
  /** A toast with the id of one on screen replaces it (forms use one id: no pile of old answers). */
  id?: string;
  /** How long it stays, in milliseconds (sonner's default: 4000). */
  duration?: number;
}

// Not loadOnce (~/lib/load-once): the started download itself is state here, as the <Toaster>
// mounts sonner only once a toast or a preload has started it (`sonner?.then`), never on its own.
let sonner: Promise<Sonner> | undefined;
let mountToaster: (() => void) | undefined;
let isShown = false;
let markShown: () => void = () => {};
const shown = new Promise<void>((resolve) => (markShown = resolve));
// After the toaster first appears, a moment for screen readers to register its live region.
const LIVE_REGION_SETTLE_MS = 150;

function loadToaster(): Promise<Sonner> {
  sonner ??= import("sonner").catch((error: unknown) => {
    sonner = undefined; // a failed download may be retried by the next toast
    throw error;
  });
  mountToaster?.();
  return sonner;
}

/** Loads and mounts the toaster ahead of the first toast. */
export function preloadToaster() {
  loadToaster().catch(() => {
    // offline: the next toast tries again
  });
}

// Any of these comes before anything a person does that could end in a toast (a screen reader's
// activation is a click without a pointer or key event).
const FIRST_USE_EVENTS = ["pointerdown", "keydown", "click", "touchstart"] as const;

/** Preloads the toaster on the first click, key or touch anywhere on the page (a page that toasts). */
export function usePreloadToaster() {
  useEffect(() => {
    if (sonner) return;
    const preload = () => {
      stop();
      preloadToaster();
    };
    const stop = () => FIRST_USE_EVENTS.forEach((name) => document.removeEventListener(name, preload, true));
    FIRST_USE_EVENTS.forEach((name) => document.addEventListener(name, preload, { capture: true, passive: true }));
    return stop;
  }, []);
}

// sonner updates a toast in place when given the id of one it holds, and an update that arrives while
// that toast is leaving (its time just ran out) leaves with it: the new answer would never be seen. So
// the id we give sonner is ours per shown toast: a toast on screen is updated in place (one toast, no
// pile), and once it starts leaving (time up, closed) the next one under the same id is a toast of its own.
const shownUnder = new Map<string, string>();
let serial = 0;

function toastOptions(id: string, options: ToastOptions) {
  const current = shownUnder.get(id) ?? `${id}-${++serial}`;
  shownUnder.set(id, current);
  const leaving = () => {
    if (shownUnder.get(id) === current) shownUnder.delete(id);
  };
  return { ...options, id: current, onAutoClose: leaving, onDismiss: leaving };
}

async function show(kind: "success" | "error", title: string, options?: ToastOptions) {
  const wasShown = isShown;
  try {
    const module = await loadToaster();
    await shown;
    if (!wasShown) await new Promise((resolve) => setTimeout(resolve, LIVE_REGION_SETTLE_MS));
    module.toast[kind](title, options?.id === undefined ? options : toastOptions(options.id, options));
  } catch (error) {
    console.error("The toast could not be shown", error);
  }
}

export const toast = {
  success: (title: string, options?: ToastOptions) => void show("success", title, options),
  error: (title: string, options?: ToastOptions) => void show("error", title, options),
};

/** The root layout's place for toasts; renders nothing until the first toast (or preload). */
export function Toaster() {
  const [module, setModule] = useState<Sonner>();
  useEffect(() => {
    mountToaster = () => void sonner?.then(setModule, () => {});
    if (sonner) mountToaster();
    return () => {
      mountToaster = undefined;
    };
  }, []);
  // Runs after sonner's own Toaster has subscribed to new toasts (child effects run first).
  useEffect(() => {
    if (!module) return;
    isShown = true;
    markShown();
  }, [module]);
  if (!module) return null;
  return (
    // Below the sticky 64 px top bar, so a toast never hides the menus, cart or account buttons.
    <module.Toaster
      theme="dark"
      position="top-right"
      offset={{ top: 80, right: 24 }}
      mobileOffset={{ top: 72, left: 16, right: 16 }}
      richColors
      closeButton
    />
  );
}
