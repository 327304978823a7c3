import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import type { i18n as I18n } from "i18next";
import { describe, expect, it } from "vitest";
import { BrowserI18n } from "./browser-i18next";
import { createI18n, LANGUAGES, type Language } from "./i18n";

/**
 * The browser's translator (browser-i18next.ts, ADR 0033) against i18next with the app's options
 * (i18n.ts createI18n): the same text for every key of every locale file, with the values, counts and
 * options the app passes, and the same answers for missing keys, `exists` and language changes.
 */
const root = path.resolve("app/locales");
type Tree = Record<string, unknown>;

function load(language: string): Tree {
  const dir = path.join(root, language);
  const messages: Tree = {};
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith(".json"))) {
    messages[file.slice(0, -5)] = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  }
  return messages;
}

/** Every key: leaves, the objects and arrays above them, and plural keys without their suffix. */
function keysOf(value: unknown, prefix = ""): string[] {
  const own = prefix ? [prefix] : [];
  if (value && typeof value === "object") {
    return [...own, ...Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))];
  }
  const plural = /_(zero|one|two|few|many|other)$/.exec(prefix);
  return plural ? [...own, prefix.slice(0, plural.index)] : own;
}

const placeholders = (tree: Tree) => [...new Set([...JSON.stringify(tree).matchAll(/\{\{(.+?)\}\}/g)].map((match) => match[1]!.trim()))];

const messages = Object.fromEntries(LANGUAGES.map((language) => [language, load(language)])) as Record<Language, Tree>;
const keys = [...new Set(LANGUAGES.flatMap((language) => keysOf(messages[language])))].sort();
const names = [...new Set(LANGUAGES.flatMap((language) => placeholders(messages[language])))];
// A fixed seed: the same cases on every run, so a failure replays; the first test checks every key plainly.
const PROPERTY = { seed: 33, numRuns: 250 };

async function both(language: Language) {
  const resources = Object.fromEntries(LANGUAGES.map((code) => [code, { translation: structuredClone(messages[code]) }]));
  const reference = await createI18n(language, resources);
  const browser = new BrowserI18n();
  await browser.init({ lng: language, resources: structuredClone(resources) });
  return { reference, browser };
}

const value = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -5, max: 2_000_000 }),
  fc.double({ noNaN: true, min: -10, max: 10 }),
  fc.constantFrom(undefined, null, 0, 1, 2, 5, 1_000_000, "{{name}}", "$t(common.nav.home)"),
);
// The options the app passes: values for placeholders (any subset, any type), a count, returnObjects.
const options = fc.record(
  {
    ...Object.fromEntries(names.map((name) => [name, value])),
    count: fc.oneof(fc.integer({ min: 0, max: 2_000_000 }), fc.constantFrom(0, 1, 2, 1.5, 1_000_000, "3")),
    returnObjects: fc.boolean(),
    defaultValue: fc.string({ maxLength: 8 }),
  },
  { requiredKeys: [] },
);

describe.each(LANGUAGES)("browser translator, %s", (language) => {
  it("renders every key of every locale file as i18next does", async () => {
    const { reference, browser } = await both(language);
    for (const key of keys) {
      expect(browser.t(key), key).toEqual(reference.t(key));
      expect(browser.t(key, { returnObjects: true }), key).toEqual(reference.t(key, { returnObjects: true }));
      expect(browser.exists(key), key).toBe(reference.exists(key));
    }
  });

  it("renders every key with any values, counts and options as i18next does (property)", async () => {
    const { reference, browser } = await both(language);
    fc.assert(
      fc.property(fc.constantFrom(...keys), options, (key, given) => {
        expect(browser.t(key, { ...given })).toEqual(reference.t(key, { ...given }));
      }),
      PROPERTY,
    );
  });

  it("renders a missing key as the key, as i18next does (property)", async () => {
    const { reference, browser } = await both(language);
    // Keys the app could ask for that no file has: a known key with a made-up tail, or any text
    // without the namespace separator ":" and nesting "$t(" (the app's keys use neither).
    const missing = fc.oneof(
      fc.tuple(fc.constantFrom(...keys), fc.stringMatching(/^[a-zA-Z]{1,8}$/)).map(([key, tail]) => `${key}.${tail}`),
      fc.string({ minLength: 1, maxLength: 30 }).filter((text) => !text.includes(":") && !text.includes("$t(")),
    );
    fc.assert(
      fc.property(missing, options, (key, given) => {
        expect(browser.t(key, { ...given })).toEqual(reference.t(key, { ...given }));
        expect(browser.exists(key)).toBe(reference.exists(key));
      }),
      PROPERTY,
    );
  });

  it("follows a language change, and keeps a bound t in its language", async () => {
    const { reference, browser } = await both(language);
    const before = browser.fixedT(language);
    for (const next of LANGUAGES) {
      await Promise.all([reference.changeLanguage(next), browser.changeLanguage(next)]);
      expect(browser.language).toBe(reference.language);
      for (const key of ["common.nav.home", "media.results.count", "auth.title"]) {
        expect(browser.t(key, { count: 3 })).toEqual(reference.t(key, { count: 3 }));
        expect(before(key, { count: 3 })).toEqual(reference.getFixedT(language)(key, { count: 3 }));
      }
    }
  });

  it("adds, merges and reads resource bundles as i18next does", async () => {
    const reference: I18n = await createI18n(language, {});
    const browser = new BrowserI18n();
    await browser.init({ lng: language, resources: {} });
    for (const instance of [reference, browser] as const) {
      instance.addResourceBundle(language, "translation", { common: { a: "A", nested: { b: "B" } } }, true, true);
      instance.addResourceBundle(language, "translation", { common: { nested: { c: "{{x}} C" } }, shop: { d: ["D {{x}}"] } }, true, true);
    }
    expect(browser.getResource(language, "translation", "common")).toEqual(reference.getResource(language, "translation", "common"));
    expect(browser.getResource(language, "translation", "admin")).toEqual(reference.getResource(language, "translation", "admin"));
    expect(browser.getResourceBundle(language, "translation")).toEqual(reference.getResourceBundle(language, "translation"));
    expect(browser.getResourceBundle("xx", "translation")).toEqual(reference.getResourceBundle("xx", "translation"));
    for (const key of ["common.a", "common.nested.b", "common.nested.c", "shop.d", "common.nested"]) {
      expect(browser.t(key, { x: 1, returnObjects: true }), key).toEqual(reference.t(key, { x: 1, returnObjects: true }));
    }
  });
});
