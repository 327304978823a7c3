import { lazy, Suspense, useState, type ComponentType, type ReactNode } from "react";
import { loadOnce } from "~/lib/load-once";

/**
 * A part of a page in its own chunk, loaded when it is first needed, not with the page (ADR 0033): the
 * item dialog, the dialog's Radix code, the account notice, the console's rich-text editor.
 *
 * A part the server renders (a linked item's open dialog, the notice after sign-up) names how to find
 * itself in the HTML (`inHtml`). The server has such parts loaded before it renders (`lazyPartsLoaded`),
 * so they are in the HTML as plain markup, not inside a <Suspense>; the client entry loads those the HTML
 * shows before it hydrates (`loadPartsInHtml`), so React renders them the same way and hydrates them
 * where they are, in the same pass as the page. (Inside a <Suspense> React hydrates a part in a later pass of its own, and
 * an update that reaches it before then, such as the page's own "hydrated" mark, can make React drop the
 * server's HTML and draw the part again: the visitor sees it vanish, and a press on it is lost; ADR 0097.)
 *
 * A part not loaded when it mounts renders React's lazy component in a <Suspense> (`fallback`, or nothing,
 * until its chunk is here). Each mounted `Part` keeps the way it started with: a component that changed
 * would be mounted anew, its state lost.
 */
export function lazyPart<Module, Props extends object>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
  options: { inHtml?: (doc: Document) => boolean; fallback?: (props: Props) => ReactNode } = {},
) {
  let loaded: Module | undefined;
  /** Starts loading the chunk; offline, the next call tries again. */
  const preload = loadOnce(() => load().then((module) => (loaded = module)));
  const Lazy = lazy(() => preload().then((module) => ({ default: pick(module) })));
  const { inHtml, fallback } = options;
  if (inHtml && import.meta.env.SSR) serverLoads.push(preload());
  else if (inHtml) partsInHtml.push((doc) => (inHtml(doc) ? preload() : undefined));

  function Part(props: Props) {
    const [Loaded] = useState<ComponentType<Props> | undefined>(() => (loaded ? pick(loaded) : undefined));
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={fallback?.(props) ?? null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return { Part, preload, loaded: () => loaded };
}

const serverLoads: Promise<unknown>[] = [];
const partsInHtml: ((doc: Document) => Promise<unknown> | undefined)[] = [];

/** On the server: every part it renders loaded (the route modules, which make them, are all imported by then). */
export function lazyPartsLoaded(): Promise<unknown> {
  return Promise.all(serverLoads);
}

/**
 * In the browser: loads the parts whose markup the server put on this page (the page's modules have
 * made theirs by the time the client entry runs). A part that cannot load (offline) is not waited for:
 * React then finds markup it cannot match, and draws the page again itself.
 */
export function loadPartsInHtml(doc: Document): Promise<unknown> {
  return Promise.all(partsInHtml.map((loadIfThere) => loadIfThere(doc)?.catch(() => {})));
}
