/**
 * Issue 27: the headings of a page fit: no word is broken across two lines without a hyphen, and
 * nothing scrolls sideways. `measure` runs in the page (page.evaluate) at the current width.
 *
 * How a broken word is found: every character of every heading word is measured as its own Range
 * (its last client rect: the glyph's box); where a character's box starts lower than the one before,
 * the word was broken there. That is allowed only right after a soft hyphen (U+00AD, which the browser
 * then draws as "-") or a written hyphen or slash. A break that `hyphens: auto` makes has no character
 * in the DOM to show for it: Debian's Chromium ships no hyphenation dictionaries, so here every such
 * break is a failure, as it would look (no hyphen) to a reader of that browser.
 */
export interface Finding {
  kind: "broken-word" | "overflow";
  detail: string;
}

/** Runs in the page: the broken heading words and the sideways overflow at the current width. */
export function measure(): Finding[] {
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
    // An element inside a box that scrolls or clips sideways (a tab strip) does not widen the page.
    const clipped = (element: HTMLElement) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== "visible") return true;
      }
      return false;
    };
    const outside = [...document.body.querySelectorAll<HTMLElement>("*")].filter(
      (element) => element.getBoundingClientRect().right > window.innerWidth + 0.5 && element.checkVisibility() && !clipped(element),
    );
    const culprit = outside.find((element) => !outside.some((other) => other !== element && element.contains(other)));
    const name = culprit ? `<${culprit.tagName.toLowerCase()} class="${culprit.className}"> "${culprit.innerText.slice(0, 60)}"` : "";
    findings.push({ kind: "overflow", detail: `page is ${scrollWidth} px wide ${name}` });
  }
  return findings;
}
