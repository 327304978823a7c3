import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetDatabase } from "../../tests/helpers/database";
import { hitRateLimit, takeQuota } from "./rate-limit.server";

describe("hitRateLimit", () => {
  beforeEach(resetDatabase);
  afterEach(() => vi.restoreAllMocks());

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

  it("limits a burst that straddles a window boundary, and forgets it a window later", async () => {
    const windowMs = 60_000;
    const boundary = Math.ceil(Date.now() / windowMs) * windowMs + windowMs;
    const clock = vi.spyOn(Date, "now");
    const at = async (ms: number) => {
      clock.mockReturnValue(ms);
      return (await hitRateLimit("signin:ip:5.6.7.8", 3, 60)).allowed;
    };
    // Two hits just before the boundary, then two just after: four in a second is over three.
    expect([await at(boundary - 500), await at(boundary - 400), await at(boundary + 100)]).toEqual([true, true, true]);
    expect(await at(boundary + 200)).toBe(false);
    // Still within that window the burst counts; late in the window after, it has left the view.
    expect(await at(boundary + windowMs - 1_000)).toBe(false);
    expect(await at(boundary + 2 * windowMs - 1_000)).toBe(true);
  });

  it("a quota takes exactly its size, even from simultaneous requests, and refused requests use none of it", async () => {
    const windowMs = 3_600_000;
    const start = Math.floor(Date.now() / windowMs) * windowMs + 10_000;
    const clock = vi.spyOn(Date, "now").mockReturnValue(start);
    const taken = await Promise.all(Array.from({ length: 10 }, () => takeQuota("mail:reset:owner@example.com", 3, 3600)));
    expect(taken.filter(Boolean)).toHaveLength(3);
    // A flood of refused requests: the counter stays at 3 ...
    for (let i = 0; i < 20; i++) expect(await takeQuota("mail:reset:owner@example.com", 3, 3600)).toBe(false);
    // ... so half a window on, the three weigh half and there is room again (counting the 20 refusals too, there would not be).
    clock.mockReturnValue(start + 1.5 * windowMs);
    expect(await takeQuota("mail:reset:owner@example.com", 3, 3600)).toBe(true);
    expect(await takeQuota("mail:reset:other@example.com", 3, 3600)).toBe(true);
  });
});
