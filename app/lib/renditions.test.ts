import { describe, expect, it } from "vitest";
import { drawnWidths, pictureSrc, pictureSrcSet, renditionWidthsFor } from "./renditions";
import { waveformPeaks, waveformSvg } from "./waveform";

describe("the addresses of an item's pictures (ADR 0091, ADR 0093)", () => {
  const id = "0b7c3a52-4c38-4f4e-9b7a-2f3d9f1b6a10";

  it("lists each size drawn by its real width, so the browser picks by what it gets", () => {
    // A 700 px original: its "960" rendition is 700 px wide.
    const drawn = drawnWidths(renditionWidthsFor(700, 400), 700, 400);
    expect(drawn).toEqual([480, 700]);
    expect(pictureSrcSet(id, "v1", drawn, "avif")).toBe(
      `/page-images/${id}?v=v1&w=480&f=avif 480w, /page-images/${id}?v=v1&w=960&f=avif 700w`,
    );
    expect(pictureSrc(id, "v1")).toBe(`/page-images/${id}?v=v1`);
  });

  it("takes a poster's or cover's sizes as drawn when its original's size is not known", () => {
    expect(drawnWidths([480, 960], null, null)).toEqual([480, 960]);
    expect(drawnWidths(null, 1200, 800)).toEqual([]);
  });
});

const barHeights = (svg: string) =>
  [...svg.matchAll(/<rect x="[\d.]+" y="[\d.]+" width="[\d.]+" height="([\d.]+)"/g)].map((match) => Number(match[1]));

describe("a sound's waveform", () => {
  it("draws louder parts as taller bars, in a 16:9 picture like a card", () => {
    const quietThenLoud = Array.from({ length: 9600 }, (_, index) => (index < 4800 ? 0.1 : 0.9) * Math.sin(index));
    const peaks = waveformPeaks(quietThenLoud, 4);
    expect(peaks[0]).toBeLessThan(0.11);
    expect(peaks[3]).toBeGreaterThan(0.85);
    const svg = waveformSvg(quietThenLoud);
    expect(svg).toMatch(/^<svg [^>]*width="1440" height="810"/);
    const heights = barHeights(svg);
    expect(heights).toHaveLength(96);
    expect(heights[90]! / heights[5]!).toBeGreaterThan(5);
  });

  it("draws silence as a row of dots, not an empty picture", () => {
    const heights = barHeights(waveformSvg(new Float32Array(1000)));
    expect(heights).toHaveLength(96);
    expect(new Set(heights).size).toBe(1);
    expect(heights[0]).toBeGreaterThan(0);
  });
});
