import { expect, test, type Page } from "@playwright/test";

/**
 * The library's filters show their whole label in every language and width (seen in a screenshot:
 * "Todos los idiomas" cut to "Todos los idioma" at 1024 and 1280 px). A select is as wide as its
 * layout says, not as its text: this compares it with a copy holding only the chosen option, sized
 * by its text (`width: auto`), which is what the label needs.
 */
async function clippedFilters(page: Page) {
  return page.evaluate(() =>
    ["media-type", "media-category", "media-language"].flatMap((id) => {
      const select = document.getElementById(id) as HTMLSelectElement;
      const probe = select.cloneNode(false) as HTMLSelectElement;
      probe.append(select.options[select.selectedIndex].cloneNode(true));
      probe.style.width = "auto";
      probe.style.position = "absolute";
      probe.style.visibility = "hidden";
      select.parentElement!.append(probe);
      const needed = probe.getBoundingClientRect().width;
      probe.remove();
      const shown = select.getBoundingClientRect().width;
      return shown + 0.5 < needed ? [`${id}: ${Math.round(shown)} px shown, ${Math.round(needed)} px needed`] : [];
    }),
  );
}

for (const width of [390, 768, 1024, 1280]) {
  test(`the filters' labels fit at ${width} px in English, German and Spanish`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const language of ["en", "de", "es"]) {
      await page.goto(`/media?lang=${language}`);
      // On a phone (below Tailwind's `sm`, 640 px) the filters open behind one button.
      if (width < 640) {
        await expect(page.locator("html")).toHaveAttribute("data-ready", "true");
        await page.getByTestId("media-filters-toggle").click();
      }
      await expect(page.locator("#media-language")).toBeVisible();
      expect(await clippedFilters(page), language).toEqual([]);
    }
  });
}
