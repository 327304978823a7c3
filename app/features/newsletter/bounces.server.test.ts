import { describe, expect, it } from "vitest";
import { deliveryOfMessageId } from "./bounces.server";

const ISSUE = "3f2c1a9e-8b7d-4c6e-9f01-23456789abcd";
const CONSENT = "0b7e5d1c-2a3f-4e6d-8c9b-a1b2c3d4e5f6";

describe("deliveryOfMessageId", () => {
  it("names the issue and recipient of a newsletter's Message-ID, in either case, with or without brackets", () => {
    expect(deliveryOfMessageId(`<newsletter.${ISSUE}.${CONSENT}@example.com>`)).toEqual({ issueId: ISSUE, consentId: CONSENT });
    expect(deliveryOfMessageId(` newsletter.${ISSUE.toUpperCase()}.${CONSENT}@example.com `)).toEqual({
      issueId: ISSUE,
      consentId: CONSENT,
    });
  });

  it("names nothing for another Message-ID, or one whose ids are no UUIDs (they would fail the query)", () => {
    expect(deliveryOfMessageId("<abc.def@example.com>")).toBeUndefined();
    expect(deliveryOfMessageId(`<newsletter.${"-".repeat(36)}.${CONSENT}@example.com>`)).toBeUndefined();
    expect(deliveryOfMessageId(`<newsletter.${ISSUE}.${CONSENT.replace(/-/g, "0")}@example.com>`)).toBeUndefined();
  });
});
