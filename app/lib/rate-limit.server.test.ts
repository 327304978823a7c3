import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase } from "../../tests/helpers/database";
import { hitRateLimit } from "./rate-limit.server";

describe("hitRateLimit", () => {
  beforeEach(resetDatabase);

  it("allows up to the limit within a window, then refuses with a retry time", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit("contact:1.2.3.4", 3, 600));
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
    expect(results[3].retryAfterS).toBeGreaterThan(0);
    expect(results[3].retryAfterS).toBeLessThanOrEqual(600);
  });

  it("counts keys separately", async () => {
    await hitRateLimit("contact:a", 1, 600);
    expect((await hitRateLimit("contact:a", 1, 600)).allowed).toBe(false);
    expect((await hitRateLimit("contact:b", 1, 600)).allowed).toBe(true);
  });
});
