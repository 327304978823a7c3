import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { preferredEncoding } from "./preferred-encoding";

describe("preferredEncoding", () => {
  it.each([
    [undefined, undefined],
    ["", undefined],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["deflate", undefined],
    ["identity", undefined],
    // The server's order, not the client's weights, among the codings the client takes.
    ["gzip;q=1.0, br;q=0.1", "br"],
    // A weight of zero refuses a coding.
    ["br;q=0, gzip", "gzip"],
    ["gzip, br;q=0.000", "gzip"],
    ["br;q=0, gzip;q=0", undefined],
    // `*` stands for every coding not listed.
    ["*", "br"],
    ["br;q=0, *", "gzip"],
    ["*;q=0, gzip", "gzip"],
    ["*;q=0", undefined],
    ["*;q=0, identity;q=0", undefined],
    ["gzip;q=0, *;q=0.5", "br"],
    // Names and parameters ignore case and optional whitespace.
    ["GZIP , BR ; Q = 0", "gzip"],
    [" Br\t;q=0.5 ", "br"],
    // x-gzip is gzip (RFC 9110 §8.4.1.3).
    ["x-gzip", "gzip"],
    ["x-gzip;q=0, deflate", undefined],
    // Not a coding we send, and not a weight of zero.
    ["brotli, gzip2", undefined],
    ["br;q=abc", "br"],
    ["br;level=1", "br"],
  ])("%j → %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  // Headers drawn as entries: a coding (each at most once), maybe a weight, written in any case,
  // order and whitespace.
  const codings = ["br", "gzip", "deflate", "zstd", "identity", "compress", "*"];
  const weight = fc.option(fc.constantFrom("0", "0.0", "0.000", "0.001", "0.5", "1", "1.0", "1.000"), { nil: undefined });
  const entries = fc.uniqueArray(fc.record({ coding: fc.constantFrom(...codings), weight }), {
    selector: (entry) => entry.coding,
    maxLength: codings.length,
  });
  const space = fc.constantFrom("", " ", "  ", "\t");
  const style = fc.record({ spaces: fc.array(space, { minLength: 6, maxLength: 6 }), upper: fc.boolean() });
  type Entry = { coding: string; weight: string | undefined };

  function header(list: Entry[], { spaces, upper }: { spaces: string[]; upper: boolean }) {
    const [a, b, c, d, e, f] = spaces as [string, string, string, string, string, string];
    const text = list
      .map(({ coding, weight }) => `${a}${coding}${weight === undefined ? "" : `${b};${c}q${d}=${e}${weight}`}${f}`)
      .join(",");
    return upper ? text.toUpperCase() : text;
  }

  /** What the RFC says a client takes: listed with a weight above zero, or not listed and `*` is. */
  function takes(list: Entry[], coding: string) {
    const entry = list.find((listed) => listed.coding === coding) ?? list.find((listed) => listed.coding === "*");
    return entry !== undefined && Number(entry.weight ?? "1") > 0;
  }

  it("sends br when the client takes it, else gzip when it takes that, else the body as it is", () => {
    fc.assert(
      fc.property(entries, style, (list, written) => {
        const expected = takes(list, "br") ? "br" : takes(list, "gzip") ? "gzip" : undefined;
        expect(preferredEncoding(header(list, written))).toBe(expected);
      }),
    );
  });

  it("does not depend on the entries' order, case or whitespace", () => {
    fc.assert(
      fc.property(
        entries.chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length }))),
        style,
        style,
        ([list, shuffled], first, second) => {
          expect(preferredEncoding(header(shuffled, second))).toBe(preferredEncoding(header(list, first)));
        },
      ),
    );
  });

  it("answers as the former check (/\\bbr\\b/, then /\\bgzip\\b/) for every header without a zero weight or `*`", () => {
    const former = (accepted: string) => (/\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : undefined);
    const plain = entries.map((list) => list.filter((entry) => entry.coding !== "*" && !(Number(entry.weight ?? "1") <= 0)));
    fc.assert(
      fc.property(plain, style, (list, written) => {
        const text = header(list, { ...written, upper: false });
        expect(preferredEncoding(text)).toBe(former(text));
      }),
    );
  });
});
