import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "~/lib/i18n";

/**
 * The "tell me when it opens" texts (notify namespace) name each platform as its own page does, in
 * every language, and read as sentences once the name is put in (seen on /notify in German:
 * "Zurück zu die IP Angel Academy" under a page titled "IP Angel Akademie").
 */
const read = (language: string, namespace: string) =>
  JSON.parse(fs.readFileSync(path.resolve("app/locales", language, `${namespace}.json`), "utf8")) as Record<string, Record<string, unknown>>;

function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

describe.each(LANGUAGES)("notify texts in %s", (language) => {
  const notify = read(language, "notify") as unknown as { topics: Record<string, string>; confirmed: { back: Record<string, string> } };
  const pageNames = { academy: read(language, "academy")["hero"]["title"] as string, tandem: "Tandem" };

  it.each(Object.entries(pageNames))("call %s by its page's name, in the link back too", (topic, name) => {
    expect(notify.topics[topic]).toContain(name);
    expect(notify.confirmed.back[topic]).toContain(name);
  });

  it("put the name in without breaking the grammar (German: no article after a preposition that needs the dative)", () => {
    const filled = Object.values(notify.topics).flatMap((topic) => stringsOf(notify).map((text) => text.replaceAll("{{topic}}", topic)));
    expect(filled.filter((text) => /\b(zu|von|mit|bei|aus|nach) (die|das)\b/.test(text))).toEqual([]);
  });
});
