import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { accentProblem, contrastRatio, parseHexColour, THEME_COLOURS } from "./contrast";

describe("contrast", () => {
  it("computes WCAG ratios: black on white 21, a colour on itself 1, the issue's mail button 3.7", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#8b9dff", "#8b9dff")).toBe(1);
    // WebAIM's checker: #777777 on white is 4.48:1, just below AA; #767676 is 4.54:1.
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it("accepts only #rrggbb", () => {
    expect(parseHexColour(" #8B9DFF ")).toBe("#8b9dff");
    for (const bad of ["8b9dff", "#fff", "red", "#8b9dffaa", "#8b9dfg", "", "url(x)", "#8b9dff;}body{"])
      expect(parseHexColour(bad)).toBeUndefined();
  });

  it("refuses a brand colour below AA against the dark background and the buttons' dark text", () => {
    expect(accentProblem("#8b9dff")).toBeUndefined(); // the theme's own primary
    expect(accentProblem("#5eead4")).toBeUndefined();
    expect(accentProblem("#ffb000")).toBeUndefined();
    expect(accentProblem("#1d4ed8")).toBe("background"); // the off-brand mail blue: 2.6:1 on #0b0f19
    expect(accentProblem("#0b0f19")).toBe("background");
    expect(accentProblem("blue")).toBe("format");
  });

  it("reads the theme's colours that app.css declares", () => {
    const css = readFileSync(new URL("../app.css", import.meta.url), "utf8");
    expect(css).toContain(`--color-background: ${THEME_COLOURS.background};`);
    expect(css).toContain(`--color-primary-foreground: ${THEME_COLOURS.buttonText};`);
    expect(css).toContain(`--color-primary: ${THEME_COLOURS.primary};`);
    // The theme's own colour passes its own rule (mails use it when the operator chose none).
    expect(accentProblem(THEME_COLOURS.primary)).toBeUndefined();
  });
});
