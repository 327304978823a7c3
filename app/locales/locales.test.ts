import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "~/lib/i18n";

/** English is the source of truth: German and Spanish must have every key, and no extras. */
const root = path.resolve("app/locales");

function keysOf(value: unknown, prefix = ""): string[] {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

function load(language: string) {
  const dir = path.join(root, language);
  const messages: Record<string, unknown> = {};
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith(".json"))) {
    messages[file.slice(0, -5)] = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  }
  return messages;
}

const english = load("en");
const englishKeys = new Set(keysOf(english));

describe.each(LANGUAGES.filter((language) => language !== "en"))("locale %s", (language) => {
  const messages = load(language);
  const keys = new Set(keysOf(messages));

  it("has every English key", () => {
    expect([...englishKeys].filter((key) => !keys.has(key))).toEqual([]);
  });

  it("has no key that English lacks", () => {
    expect([...keys].filter((key) => !englishKeys.has(key))).toEqual([]);
  });

  // Browser tests run axe on each page in one language only (ADR 0063): a text left empty in one language
  // (a button or a field without a name there) is caught here.
  it("leaves a text empty exactly where English does", () => {
    const empty = (source: Record<string, unknown>) =>
      keysOf(source).filter((key) => {
        const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], source);
        return typeof value === "string" && value.trim() === "";
      });
    expect(empty(messages).sort()).toEqual(empty(english).sort());
  });

  it("keeps the same {{placeholders}} as English", () => {
    const flat = (source: Record<string, unknown>) => {
      const out = new Map<string, string>();
      const walk = (value: unknown, prefix: string) => {
        if (typeof value === "string") out.set(prefix, value);
        else if (value && typeof value === "object")
          for (const [key, child] of Object.entries(value)) walk(child, prefix ? `${prefix}.${key}` : key);
      };
      walk(source, "");
      return out;
    };
    const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();
    const translated = flat(messages);
    const mismatches: string[] = [];
    for (const [key, text] of flat(english)) {
      const other = translated.get(key);
      if (other !== undefined && placeholders(other).join() !== placeholders(text).join()) mismatches.push(key);
    }
    expect(mismatches).toEqual([]);
  });
});
