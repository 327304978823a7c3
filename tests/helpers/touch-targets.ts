/**
 * Touch targets smaller than 44 x 44 px (issue 27, ADR 0077), run in the page with `page.evaluate`:
 * every visible link, button, input, select, textarea and summary, each named by its tag, test id or
 * text. A link inside running text (a paragraph, list item or table cell with other words beside it)
 * is exempt, as WCAG 2.5.8 exempts inline targets: its size is the line's.
 */
export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

export function smallTouchTargets(minimum = 44): SmallTarget[] {
  const selector = "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=switch]";
  const found: SmallTarget[] = [];
  const describe = (element: Element) => {
    const label =
      element.getAttribute("data-testid") ||
      element.getAttribute("aria-label") ||
      (element as HTMLElement).innerText?.trim().replace(/\s+/g, " ").slice(0, 40) ||
      element.getAttribute("name") ||
      element.getAttribute("href") ||
      "";
    return `${element.tagName.toLowerCase()} "${label}"`;
  };
  const inRunningText = (element: Element) => {
    if (element.tagName !== "A") return false;
    const block = element.closest("p, li, td, dd, blockquote, figcaption, label");
    if (!block) return false;
    const own = (element as HTMLElement).innerText.trim();
    const all = (block as HTMLElement).innerText.trim();
    return all.length > own.length + 1;
  };
  for (const element of document.querySelectorAll(selector)) {
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    // checkVisibility: also false inside a closed <details> (the mobile menu's panel).
    if (box.width === 0 || box.height === 0 || style.visibility === "hidden" || !element.checkVisibility()) continue;
    // A control drawn as a switch or checkbox over a larger label is measured with its label.
    if (element.matches("input[type=checkbox], input[type=radio]")) {
      const label = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : element.closest("label");
      const area = label?.getBoundingClientRect();
      if (area && area.height >= minimum) continue;
    }
    if (element.closest(".sr-only, [aria-hidden=true], [inert]")) continue;
    // Off the page until focused (the skip link).
    if (box.right <= 0 || box.bottom <= 0) continue;
    if (inRunningText(element)) continue;
    if (box.width < minimum - 0.5 || box.height < minimum - 0.5) {
      found.push({ what: describe(element), width: Math.round(box.width), height: Math.round(box.height) });
    }
  }
  return found;
}
