import { describe, expect, it } from "vitest";
import { formatMegabytes, typeGroupOf } from "./media-types";

describe("formatMegabytes", () => {
  it("shows MB with 2 decimals in the reader's number format (spec §9)", () => {
    expect(formatMegabytes(52_429)).toBe("0.05");
    expect(formatMegabytes(52_429, "de-DE")).toBe("0,05");
    expect(formatMegabytes(52_429, "es-ES")).toBe("0,05");
    expect(formatMegabytes(0)).toBe("0.00");
    expect(formatMegabytes(1536 * 1024 * 1024)).toBe("1,536.00");
  });
});

describe("formatMegabytes for small files", () => {
  it("never says 0.00 for a file that has bytes", () => {
    expect(formatMegabytes(1)).toBe("< 0.01");
    expect(formatMegabytes(5_000, "de-DE")).toBe("< 0,01");
    // From 0.005 MB on, the rounded value is 0.01 and is shown as such.
    expect(formatMegabytes(5_243)).toBe("0.01");
    expect(formatMegabytes(0)).toBe("0.00");
  });
});

describe("typeGroupOf", () => {
  it("files pdf and sheet under the document filter, the rest under their own", () => {
    expect(typeGroupOf("pdf")).toBe("document");
    expect(typeGroupOf("sheet")).toBe("document");
    expect(typeGroupOf("document")).toBe("document");
    expect(typeGroupOf("image")).toBe("image");
    expect(typeGroupOf("services")).toBe("services");
  });
});
