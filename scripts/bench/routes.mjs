// The public content routes and the targets of issue 3, shared by the page benchmarks.
export const ROUTES = [
  "/",
  "/about",
  "/academy",
  "/market",
  "/consulting",
  "/tandem",
  "/platforms",
  "/contact",
  "/privacy",
  "/imprint",
  "/terms",
];
// JavaScript: issue 14 tightened issue 3's 150 KB to 100 KB up to hydration (content pages are documents, ADR 0032).
export const TARGETS = { score: 95, jsKb: 100, cls: 0.05, homeRps: 1000, homeShareOfStatic: 0.5 };
