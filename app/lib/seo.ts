/** What every page's loader returns for its <head> (built by `loadPageMeta`). */
export interface PageMeta {
  title: string;
  description: string;
}

/** The `meta` export of a route whose loader returns `{ meta: PageMeta }`. */
export function metaFromLoader({ data }: { data?: { meta?: PageMeta } | null }) {
  const meta = data?.meta;
  if (!meta) return [];
  return [{ title: meta.title }, { name: "description", content: meta.description }];
}
