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
export const TARGETS = { score: 95, jsKb: 150, cls: 0.05, homeRps: 1000, homeShareOfStatic: 0.5 };
