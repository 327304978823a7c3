import { describe, expect, it } from "vitest";
import { formatMegabytes } from "./media-types";

describe("formatMegabytes", () => {
  it("shows MB with 2 decimals in the reader's number format (spec §9)", () => {
    expect(formatMegabytes(52_429)).toBe("0.05");
    expect(formatMegabytes(52_429, "de-DE")).toBe("0,05");
    expect(formatMegabytes(52_429, "es-ES")).toBe("0,05");
    expect(formatMegabytes(0)).toBe("0.00");
    expect(formatMegabytes(1536 * 1024 * 1024)).toBe("1,536.00");
  });
});
