import { afterEach, describe, expect, it, vi } from "vitest";
import { logger, onLoggedError, setLogFormat, setLogLevel } from "./logger.server";
import { runWithRequestId } from "./request-context.server";

/** Log lines (ADR 0065): text or JSON (LOG_FORMAT), each naming the request it was written for. */
function captured(work: () => void) {
  const lines: string[] = [];
  const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
  const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
  try {
    work();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return lines;
}

describe("the logger", () => {
  afterEach(() => {
    setLogFormat("text");
    setLogLevel("info");
  });

  it("writes text lines with the request id while a request is answered", () => {
    setLogLevel("info");
    const lines = captured(() => {
      logger.info("outside");
      runWithRequestId("00ff00ff00ff00ff", () => logger.warn("inside"));
    });
    expect(lines[0]).toMatch(/^\S+Z INFO {2}outside\n$/);
    expect(lines[1]).toMatch(/^\S+Z WARN {2}req=00ff00ff00ff00ff inside\n$/);
  });

  it("writes one JSON object per line with LOG_FORMAT=json, a stack included in its message", () => {
    setLogFormat("json");
    const lines = captured(() => {
      logger.info('a "quoted"\nmessage');
      runWithRequestId("abcdefabcdefabcd", () => logger.error("GET /x failed", new Error("boom")));
    });
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.endsWith("\n") && !line.slice(0, -1).includes("\n")).toBe(true);
    const [first, second] = lines.map((line) => JSON.parse(line) as Record<string, string>);
    expect(first).toEqual({ time: expect.stringMatching(/Z$/), level: "info", message: 'a "quoted"\nmessage' });
    expect(second).toMatchObject({ level: "error", requestId: "abcdefabcdefabcd" });
    expect(second!.message).toMatch(/^GET \/x failed: Error: boom\n\s+at /);
  });

  it("hands every error to its listeners while they listen", () => {
    setLogLevel("error");
    const seen: unknown[] = [];
    const stop = onLoggedError((error) => seen.push(error));
    captured(() => runWithRequestId("1111222233334444", () => logger.error("it broke")));
    stop();
    captured(() => logger.error("not seen"));
    expect(seen).toEqual([{ message: "it broke", requestId: "1111222233334444" }]);
  });
});
