/**
 * A page hydrated on first use (`handle.hydrate = "on-use"`, ADR 0032): the server put React
 * Router's scripts into a <template> (entry.server.tsx). When the visitor first turns to a form,
 * they run as they would have at load, and React hydrates the page as it is.
 */
export function startDeferredHydration() {
  const doc = document;
  const template = doc.querySelector<HTMLTemplateElement>("template[data-deferred-hydration]");
  if (!template) return;
  const hydrate = (event: Event) => {
    if (!(event.target as Element).closest?.("form")) return;
    removeEventListener("focusin", hydrate, true);
    removeEventListener("pointerdown", hydrate, true);
    for (const node of Array.from(template.content.childNodes)) {
      if (!(node instanceof HTMLScriptElement)) continue;
      const script = doc.createElement("script");
      for (const attribute of Array.from(node.attributes)) script.setAttribute(attribute.name, attribute.value);
      script.nonce = node.nonce;
      script.textContent = node.textContent;
      doc.body.append(script);
    }
    template.remove();
  };
  addEventListener("focusin", hydrate, true);
  addEventListener("pointerdown", hydrate, true);
}
