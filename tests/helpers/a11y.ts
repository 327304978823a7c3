import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Fails when axe-core finds a serious or critical accessibility violation on the page.
 *
 * Legacy mode runs `axe.run` in the page itself (same-origin frames included) instead of a partial run
 * per frame finished in a second, blank page: the product embeds no cross-origin frame, which is all
 * the default mode tests beyond it, and the blank page with its second copy of axe-core cost half of
 * each run (9 content pages: 61–73 s against 28–32 s, ADR 0056).
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).setLegacyMode().analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}

const LANGUAGES = ["en", "de", "es"] as const;

/**
 * The pages of a spec, each given one language to be checked by axe in, the languages taking turns from
 * `first`. axe checks markup and styles, which are the same in every language: the words differ, and
 * app/locales/locales.test.ts holds that no text is empty in one language only (an unnamed button). So each
 * page is checked once and each language on some pages, not every page three times (ADR 0063).
 */
export function languageTurns<T>(pages: readonly T[], first = 0) {
  return LANGUAGES.map((language, index) => ({
    language,
    pages: pages.filter((_, position) => (position + first) % LANGUAGES.length === index),
  })).filter((turn) => turn.pages.length > 0);
}
