import { expect, test, type Page } from "@playwright/test";
import { pagePaths } from "../helpers/routes";

/**
 * Issue 27: every public page's headings fit in every language at a small phone (320 px), a common
 * phone (390 px) and a laptop (1280 px): no word is broken across two lines without a hyphen, and
 * nothing scrolls sideways. One page, reused: each address is loaded once per language and measured
 * at the three widths (a resize lays the page out again; nothing is reloaded).
 *
 * How a broken word is found: every character of every heading word is measured as its own Range
 * (its last client rect: the glyph's box); where a character's box starts lower than the one before,
 * the word was broken there. That is allowed only
 * right after a soft hyphen (U+00AD, which the browser then draws as "-") or a written hyphen or
 * slash. A break that `hyphens: auto` makes has no character in the DOM to show for it: Debian's
 * Chromium ships no hyphenation dictionaries, so here every such break is a failure, as it would look
 * (no hyphen) to a reader of that browser.
 */
const LANGUAGES = ["en", "de", "es"] as const;
const WIDTHS = [320, 390, 1280] as const;

interface Finding {
  kind: "broken-word" | "overflow";
  detail: string;
}

/** Runs in the page: the broken heading words and the sideways overflow at the current width. */
function measure(): Finding[] {
  const findings: Finding[] = [];
  const allowedBefore = new Set(["\u00ad", "-", "\u2010", "\u2013", "/"]);
  for (const heading of document.querySelectorAll<HTMLElement>("h1, h2, h3")) {
    const box = heading.getBoundingClientRect();
    // Visually hidden headings (sr-only: 1 px, clipped) and hidden ones have no lines to read.
    if (box.width <= 1 || box.height <= 1 || !heading.checkVisibility()) continue;
    const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const text = node.data;
      for (const match of text.matchAll(/\S+/g)) {
        let previousTop: number | null = null;
        let previousHeight = 0;
        for (let index = match.index; index < match.index + match[0].length; index += 1) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          // The first character of a line also reports an empty box at the end of the line before: its
          // glyph is the last box. A soft hyphen inside a line takes no space: nothing to compare.
          const rect = [...range.getClientRects()].filter((box) => box.width > 0).at(-1);
          if (!rect) continue;
          if (previousTop !== null && rect.top > previousTop + previousHeight / 2 && !allowedBefore.has(text[index - 1] ?? "")) {
            findings.push({
              kind: "broken-word",
              detail: `"${match[0].replace(/\u00ad/g, "")}" broken before "${text.slice(index, match.index + match[0].length)}" in <${heading.tagName.toLowerCase()}> "${heading.innerText.replace(/\s+/g, " ").slice(0, 80)}"`,
            });
            break;
          }
          previousTop = rect.top;
          previousHeight = rect.height;
        }
      }
    }
  }
  const scrollWidth = document.scrollingElement!.scrollWidth;
  if (scrollWidth > window.innerWidth) {
    // Name the innermost element that sticks out, so the finding says where to look.
    const outside = [...document.body.querySelectorAll<HTMLElement>("*")].filter(
      (element) => element.getBoundingClientRect().right > window.innerWidth + 0.5 && element.checkVisibility(),
    );
    const culprit = outside.find((element) => !outside.some((other) => other !== element && element.contains(other)));
    const name = culprit ? `<${culprit.tagName.toLowerCase()} class="${culprit.className}"> "${culprit.innerText.slice(0, 60)}"` : "";
    findings.push({ kind: "overflow", detail: `page is ${scrollWidth} px wide ${name}` });
  }
  return findings;
}

async function findingsOf(page: Page, path: string, language: string) {
  await page.goto(`${path}?lang=${language}`, { waitUntil: "load" });
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const finding of await page.evaluate(measure)) found.push(`${language} ${width}px ${path}: ${finding.kind} ${finding.detail}`);
  }
  return found;
}

// FIT_PATHS=/a,/b measures only those pages (while fixing one).
const PATHS = process.env.FIT_PATHS ? process.env.FIT_PATHS.split(",") : pagePaths();

for (const language of LANGUAGES) {
  test(`every public page's headings fit at 320, 390 and 1280 px, no word broken without a hyphen (${language})`, async ({ page }) => {
    test.setTimeout(180_000);
    const found: string[] = [];
    for (const path of PATHS) found.push(...(await findingsOf(page, path, language)));
    expect(found).toEqual([]);
  });
}

test("the measurement sees a word broken without a hyphen, and accepts one broken at a soft hyphen", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.setContent(
    `<html lang="de"><body style="margin:0"><h1 style="width:120px;font:20px sans-serif;overflow-wrap:anywhere">Verbraucherstreitbeilegung</h1>` +
      `<h2 style="width:120px;font:20px sans-serif">Verbraucher\u00adstreit\u00adbeilegung</h2></body></html>`,
  );
  const findings = await page.evaluate(measure);
  expect(findings.filter((finding) => finding.kind === "broken-word")).toHaveLength(1);
  expect(findings[0]!.detail).toContain("<h1>");
});
