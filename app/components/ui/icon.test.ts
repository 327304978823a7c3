import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ICON_NAMES } from "./icon";

const css = fs.readFileSync(path.join(import.meta.dirname, "../../app.css"), "utf8");

/** The selector lists of the shared rules: `:is(.ic-a, .ic-b) {` (the look) and `.btn :is(…) {` (16 px in a button). */
function selectorLists() {
  return [...css.matchAll(/^ *(\.btn\s+)?:is\(([^)]*\.ic-[^)]*)\)\s*\{/gm)].map((match) => ({
    inButton: Boolean(match[1]),
    classes: match[2]!
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean),
  }));
}

describe("mask icons (app.css)", () => {
  it("every icon the components can ask for has its drawing, the shared look and the button size", () => {
    const lists = selectorLists();
    expect(lists.map((list) => list.inButton).sort()).toEqual([false, true]);
    for (const name of ICON_NAMES) {
      const drawing = new RegExp(`\\.ic-${name} \\{\\s*--ic: url\\("data:image/svg\\+xml,%3Csvg [^"]*%3C/svg%3E"\\);`);
      expect(css, name).toMatch(drawing);
      for (const list of lists) expect(list.classes, name).toContain(`.ic-${name}`);
    }
  });

  it("has no drawing that no component can ask for", () => {
    const drawn = [...css.matchAll(/^\s*\.ic-([a-z-]+) \{/gm)].map((match) => match[1]);
    expect(drawn.sort()).toEqual([...ICON_NAMES].sort());
  });
});
