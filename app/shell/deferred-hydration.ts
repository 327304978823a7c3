/**
 * A page hydrated on first use (ADR 0032, ADR 0094): the server put React Router's scripts into a
 * <template> (entry.server.tsx). They run as they would have at load when the visitor first turns to a
 * form (`handle.hydrate = "on-use"`) or, on a page that is all controls (`"on-interaction"`), at the
 * first sign of use anywhere: a pointer moved or pressed, a touch, a key, a scroll. React then hydrates
 * the page as it is.
 *
 * On a page from the page cache, React Router's data is not in the page: the held-back scripts load
 * it from the page's address (ADR 0095), which keeps the first paint's HTML small.
 *
 * Until React runs, what would otherwise be lost is kept: a button that does nothing without React is
 * pressed again once React is there (hydration keeps the same elements), and a choice in a GET form's
 * select submits that form, as it would without JavaScript.
 */
const INTERACTION_EVENTS = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "scroll", "wheel"] as const;

export function startDeferredHydration() {
  const doc = document;
  const template = doc.querySelector<HTMLTemplateElement>("template[data-deferred-hydration]");
  if (!template) return;
  const onInteraction = template.dataset.deferredHydration === "interaction";
  const events = onInteraction ? INTERACTION_EVENTS : (["focusin", "pointerdown"] as const);
  let started = false;
  let hydrated = false;
  let pressed: HTMLElement | null = null;

  /** The held press, no longer held. */
  const letGo = () => {
    const button = pressed;
    pressed = null;
    button?.removeAttribute("aria-busy");
    return button;
  };
  /** React cannot start (its data did not load): presses are no longer held, the page works as without JavaScript. */
  const giveUp = () => {
    started = false;
    letGo();
  };

  const hydrate = (event: Event) => {
    if (!onInteraction && !(event.target as Element).closest?.("form")) return;
    for (const type of events) removeEventListener(type, hydrate, true);
    started = true;
    for (const node of Array.from(template.content.childNodes)) {
      if (!(node instanceof HTMLScriptElement)) continue;
      const script = doc.createElement("script");
      for (const attribute of Array.from(node.attributes)) script.setAttribute(attribute.name, attribute.value);
      script.nonce = node.nonce;
      script.textContent = node.textContent;
      // The page's data, from the page cache (ADR 0095). Without it React cannot start: the page stays
      // what it is without JavaScript, and a press held for React is let go.
      if (node.hasAttribute("src")) script.addEventListener("error", giveUp);
      doc.body.append(script);
    }
    template.remove();
  };
  for (const type of events) addEventListener(type, hydrate, { capture: true, passive: true });

  // A button of the page that is not a form's submit button does nothing until React runs: hold its
  // press and make it again when React is there. A select of a GET form applies its choice by submitting it.
  addEventListener(
    "click",
    (event) => {
      if (!started || hydrated || event.defaultPrevented) return;
      const button = (event.target as Element).closest?.("button");
      if (!button || button.disabled || (button.form && button.type === "submit")) return;
      // The page's own buttons only: a menu button already answered through the shell (app/shell/menus.ts).
      if (!button.closest("main") || button.closest("[data-menu-trigger]")) return;
      event.preventDefault();
      event.stopPropagation();
      pressed = button;
      button.setAttribute("aria-busy", "true");
    },
    true,
  );
  addEventListener(
    "change",
    (event) => {
      if (hydrated) return;
      const select = event.target as HTMLSelectElement;
      if (select.tagName !== "SELECT" || select.form?.method !== "get") return;
      select.form.requestSubmit();
    },
    true,
  );
  addEventListener(
    "hydrated",
    () => {
      hydrated = true;
      // Pressed once the effect that reported hydration has returned, so the click reaches React as any
      // other would, not in the middle of its work (made from inside that effect, a press on an item's
      // dialog open in the HTML did nothing). Parts in chunks of their own hydrate in place
      // (~/lib/lazy-part.tsx): the held button is still there.
      const button = letGo();
      setTimeout(() => {
        if (button?.isConnected) button.click();
      });
    },
    { once: true },
  );
}
