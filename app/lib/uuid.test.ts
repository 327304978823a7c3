import { describe, expect, it } from "vitest";
import { isLowerCaseUuid, isUuid } from "./uuid";

const V4 = "3f2c1a9e-8b7d-4c6e-9f01-23456789abcd";

describe("isUuid", () => {
  it("accepts a UUID of any version in either case", () => {
    expect(isUuid(V4)).toBe(true);
    expect(isUuid(V4.toUpperCase())).toBe(true);
    expect(isUuid("00000000-0000-0000-0000-000000000000")).toBe(true);
    expect(isUuid("01890a5d-ac96-774b-bcce-b302099a8057")).toBe(true);
  });

  it("refuses what is no UUID", () => {
    for (const value of [
      undefined,
      null,
      42,
      "",
      "new",
      `${V4} `,
      ` ${V4}`,
      `${V4}0`,
      V4.slice(1),
      V4.replace(/-/g, ""),
      V4.replace("a", "g"),
      `{${V4}}`,
    ]) {
      expect(isUuid(value)).toBe(false);
    }
  });
});

describe("isLowerCaseUuid", () => {
  it("accepts only the lower-case spelling", () => {
    expect(isLowerCaseUuid(V4)).toBe(true);
    expect(isLowerCaseUuid(V4.toUpperCase())).toBe(false);
    expect(isLowerCaseUuid("3F2C1A9E-8b7d-4c6e-9f01-23456789abcd")).toBe(false);
    expect(isLowerCaseUuid("new")).toBe(false);
    expect(isLowerCaseUuid(undefined)).toBe(false);
  });
});
