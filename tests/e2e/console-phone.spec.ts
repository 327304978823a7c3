import { expect, test } from "@playwright/test";
import { createConsoleAccount, signInPage } from "../helpers/console";
import { gotoHydrated } from "../helpers/hydration";
import { measure } from "../helpers/layout-fit";

/**
 * Issue 27: the console on a small phone. Every page of the console's menu (as an admin sees it)
 * and the editors' forms fit 320 px without scrolling sideways, in German (the longest words) and
 * English; the charts' labels keep a readable size (a chart is a drawing that shrinks with the
 * screen, its labels are not) and write dates as the reader's language does, not as ISO.
 */
const EXTRA_PAGES = ["/admin/media/new", "/admin/pages/home", "/admin/news/new"];

test.use({ viewport: { width: 320, height: 740 } });

for (const language of ["de", "en"] as const) {
  test(`every console page fits 320 px in ${language}, and its charts are readable`, async ({ page }) => {
    test.setTimeout(240_000);
    await signInPage(page, await createConsoleAccount(`console-phone-${language}`, "admin"));
    await gotoHydrated(page, `/admin?lang=${language}`);
    const menu = page.getByRole("navigation", { name: language === "de" ? "Konsolen-Navigation" : "Console navigation" });
    const paths = await menu.locator('a[href^="/admin"]').evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    expect(paths.length).toBeGreaterThan(15);

    const overflowing: string[] = [];
    for (const path of [...new Set([...paths.map((href) => href.split("?")[0]!), ...EXTRA_PAGES])]) {
      const response = await page.goto(`${path}?lang=${language}`);
      expect(response?.status(), path).toBe(200);
      for (const finding of await page.evaluate(measure)) {
        if (finding.kind === "overflow") overflowing.push(`${path}: ${finding.detail}`);
      }
    }
    expect(overflowing).toEqual([]);

    for (const path of ["/admin/numbers", "/admin/analytics"]) {
      await page.goto(`${path}?lang=${language}`);
      const charts = page.getByTestId("bar-chart");
      expect(await charts.count(), path).toBeGreaterThan(0);
      const labels = await charts.evaluateAll((elements) =>
        elements.flatMap((chart) =>
          [...chart.querySelectorAll<HTMLElement>("span, p, text")].map((label) => ({
            text: label.textContent ?? "",
            size: label instanceof SVGElement ? label.getBoundingClientRect().height : parseFloat(getComputedStyle(label).fontSize),
          })),
        ),
      );
      expect(labels.length, path).toBeGreaterThan(0);
      expect(labels.filter((label) => label.size < 11)).toEqual([]);
      expect(labels.filter((label) => /\d{4}-\d{2}-\d{2}/.test(label.text))).toEqual([]);
    }
  });
}
