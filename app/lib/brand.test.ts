import { describe, expect, it } from "vitest";
import { fitLogo } from "./brand";

const BOX = { height: 32, maxWidth: 160 };

describe("fitLogo", () => {
  it("draws a logo of usual proportions at the box's height", () => {
    expect(fitLogo({ width: 400, height: 100 }, BOX)).toEqual({ width: 128, height: 32 });
    // A small logo is drawn at the same height as a large one.
    expect(fitLogo({ width: 40, height: 10 }, BOX)).toEqual({ width: 128, height: 32 });
  });

  it("narrows a wide logo to the box's width, lower than the box", () => {
    expect(fitLogo({ width: 1000, height: 100 }, BOX)).toEqual({ width: 160, height: 16 });
    // However thin, it keeps a pixel of height.
    expect(fitLogo({ width: 10_000, height: 1 }, BOX)).toEqual({ width: 160, height: 1 });
  });

  it("draws a tall logo at the box's height, narrow", () => {
    expect(fitLogo({ width: 50, height: 200 }, BOX)).toEqual({ width: 8, height: 32 });
    expect(fitLogo({ width: 1, height: 10_000 }, BOX)).toEqual({ width: 1, height: 32 });
  });

  it("draws no logo whose size is unknown (it could only be stretched)", () => {
    expect(fitLogo(null, BOX)).toBeNull();
    expect(fitLogo(undefined, BOX)).toBeNull();
    expect(fitLogo({ width: null, height: 100 }, BOX)).toBeNull();
    expect(fitLogo({ width: 400, height: null }, BOX)).toBeNull();
    expect(fitLogo({ width: 0, height: 100 }, BOX)).toBeNull();
  });
});
