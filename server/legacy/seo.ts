export const PUBLIC_PAGES: ReadonlyArray<{ path: string; cacheable: boolean }> = [
  { path: "/", cacheable: true },
  { path: "/media", cacheable: false },
  { path: "/about", cacheable: true },
  { path: "/academy", cacheable: true },
  { path: "/market", cacheable: true },
  { path: "/consulting", cacheable: true },
  { path: "/tandem", cacheable: true },
  { path: "/platforms", cacheable: true },
  { path: "/contact", cacheable: true },
  { path: "/privacy", cacheable: true },
  { path: "/imprint", cacheable: true },
  { path: "/terms", cacheable: true },
  // Live store data and per-user content: listed for search engines.
  { path: "/shop", cacheable: false },
  { path: "/community", cacheable: false },
];
