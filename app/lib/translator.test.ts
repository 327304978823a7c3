import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { LANGUAGES } from "./i18n";
import { Translator, type Messages } from "./translator";

const texts = {
  en: {
    home: { title: "Welcome", greeting: "Hello {{name}}, you have {{count}} mails", empty: "" },
    media: {
      results: { count_one: "{{count}} item", count_other: "{{count}} items", count_zero: "Nothing found" },
      replies_one: "one reply",
      replies_other: "{{count}} replies",
      bare: "bare {{count}}",
      bullets: ["First for {{name}}", "Second"],
      card: { title: "Card {{title}}", size: "{{size}} MB" },
      nothing: null,
    },
  },
  de: { home: { title: "Willkommen" }, media: { replies_one: "eine Antwort", replies_other: "{{count}} Antworten" } },
  es: { media: { replies_one: "una respuesta", replies_other: "{{count}} respuestas" } },
};

const translator = (language = "en") => new Translator(language, structuredClone(texts));

describe("translator", () => {
  it("finds a text by namespace and dotted path, and renders a missing key as the key", () => {
    const { t } = translator();
    expect(t("home.title")).toBe("Welcome");
    expect(t("home.empty")).toBe("");
    expect(t("home.missing")).toBe("home.missing");
    expect(t("nowhere.at.all")).toBe("nowhere.at.all");
    expect(t("home.missing", { defaultValue: "Fallback" })).toBe("home.missing");
    // null is no text.
    expect(t("media.nothing")).toBe("media.nothing");
  });

  it("has no fallback language: a key German lacks renders as the key", () => {
    const { t } = translator("de");
    expect(t("home.title")).toBe("Willkommen");
    expect(t("home.greeting")).toBe("home.greeting");
    expect(translator("es").t("home.title")).toBe("home.title");
  });

  it("interpolates values as they are: no escaping, no second pass, missing names stay, undefined and null are empty", () => {
    const { t } = translator();
    expect(t("home.greeting", { name: "<b>Ada & Bob</b>", count: 3 })).toBe("Hello <b>Ada & Bob</b>, you have 3 mails");
    expect(t("home.greeting", { name: "{{count}} $t(home.title)", count: 1.5 })).toBe("Hello {{count}} $t(home.title), you have 1.5 mails");
    expect(t("home.greeting", { name: "Ada" })).toBe("Hello Ada, you have {{count}} mails");
    expect(t("home.greeting")).toBe("Hello {{name}}, you have {{count}} mails");
    expect(t("home.greeting", { name: undefined, count: null })).toBe("Hello , you have  mails");
    expect(t("media.card.size", { size: 0 })).toBe("0 MB");
  });

  it("chooses the plural form by count with the language's plural rules, _zero for 0 where the file has it", () => {
    const { t } = translator();
    expect(t("media.results.count", { count: 1 })).toBe("1 item");
    expect(t("media.results.count", { count: 2 })).toBe("2 items");
    expect(t("media.results.count", { count: 0 })).toBe("Nothing found");
    expect(t("media.replies", { count: 0 })).toBe("0 replies");
    expect(t("media.replies", { count: 1.5 })).toBe("1.5 replies");
    expect(translator("de").t("media.replies", { count: 1 })).toBe("eine Antwort");
    expect(translator("de").t("media.replies", { count: 7 })).toBe("7 Antworten");
    expect(translator("es").t("media.replies", { count: 1 })).toBe("una respuesta");
    // The bare key answers when no plural form exists.
    expect(t("media.bare", { count: 4 })).toBe("bare 4");
  });

  it("falls back to _other for a category the file does not write (Spanish calls a million 'many')", () => {
    const spanish = translator("es");
    expect(new Intl.PluralRules("es").select(1_000_000)).toBe("many");
    expect(spanish.t("media.replies", { count: 1_000_000 })).toBe("1000000 respuestas");
    expect(spanish.t("media.replies", { count: 3 })).toBe("3 respuestas");
    // A _many the file does write is still chosen.
    spanish.addNamespace("es", "media", { replies_many: "{{count}} de respuestas" });
    expect(spanish.t("media.replies", { count: 1_000_000 })).toBe("1000000 de respuestas");
  });

  it("chooses no plural form for a string count (the cart badge's '#' template)", () => {
    const { t } = translator();
    expect(t("media.replies_one", { count: "#" })).toBe("one reply");
    expect(t("media.replies_other", { count: "#" })).toBe("# replies");
    expect(t("media.replies", { count: "2" })).toBe("media.replies");
  });

  it("gives arrays and objects with returnObjects, each text translated, and says so without it", () => {
    const { t } = translator();
    expect(t("media.bullets", { returnObjects: true, name: "Ada" })).toEqual(["First for Ada", "Second"]);
    expect(t("media.card", { returnObjects: true, title: "Logo", size: 2 })).toEqual({ title: "Card Logo", size: "2 MB" });
    expect(t("media.card")).toBe("key 'media.card (en)' returned an object instead of string.");
    expect(t("media.missing", { returnObjects: true })).toBe("media.missing");
  });

  it("keeps a fixed t in its language while the current one changes, and tells subscribers", () => {
    const instance = translator();
    const english = instance.fixedT("en");
    const listener = vi.fn();
    const unsubscribe = instance.subscribe(listener);
    instance.changeLanguage("de");
    expect(listener).toHaveBeenCalledTimes(1);
    expect(instance.language).toBe("de");
    expect(instance.t("home.title")).toBe("Willkommen");
    expect(english("home.title")).toBe("Welcome");
    expect(instance.fixedT("en")).toBe(english);
    unsubscribe();
    instance.changeLanguage("en");
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("adds namespaces, merging objects into those already there", () => {
    const instance = new Translator("en");
    expect(instance.hasNamespace("en", "shop")).toBe(false);
    instance.addNamespace("en", "shop", { a: "A", nested: { b: "B" } });
    instance.addNamespace("en", "shop", { nested: { c: "C {{x}}" }, list: ["D"] });
    expect(instance.hasNamespace("en", "shop")).toBe(true);
    expect(instance.namespaces("en")).toEqual(["shop"]);
    expect(instance.t("shop.nested", { returnObjects: true, x: 1 })).toEqual({ b: "B", c: "C 1" });
    expect(instance.exists("shop.a")).toBe(true);
    expect(instance.exists("shop.nested")).toBe(true);
    expect(instance.exists("shop.z")).toBe(false);
    instance.addNamespace("en", "shop", JSON.parse('{"__proto__": {"polluted": "yes"}}') as Messages);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

/**
 * The translator does what the locale files need and no more. A text that uses an i18next feature it
 * lacks (nesting, formats, unescaped or nested placeholders, context or ordinal keys, `Trans` tags)
 * would render wrongly without any other test noticing: this one names it.
 */
const PLURAL_SUFFIXES = new Set<string>([
  "zero",
  ...LANGUAGES.flatMap((language) => new Intl.PluralRules(language).resolvedOptions().pluralCategories),
]);

/** What in a tree of texts the translator would render wrongly. */
function unsupportedIn(node: unknown, key: string): string[] {
  if (typeof node === "string") {
    const problems = node.includes("$t(") ? [`${key}: nesting ($t)`] : [];
    for (const [placeholder, inner] of node.matchAll(/\{\{(.*?)\}\}/g)) {
      if (!/^\s*[A-Za-z][A-Za-z0-9]*\s*$/.test(inner!)) problems.push(`${key}: ${placeholder} (formats, "-" and paths are not supported)`);
    }
    if (/<\/?\d+\s*\/?>/.test(node)) problems.push(`${key}: Trans component tags`);
    return problems;
  }
  if (node === null || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([name, child]) => {
    const underscore = name.indexOf("_");
    const problems: string[] = [];
    if (underscore >= 0 && !Array.isArray(node)) {
      const base = name.slice(0, underscore);
      if (!PLURAL_SUFFIXES.has(name.slice(underscore + 1))) problems.push(`${key}.${name}: context or ordinal key`);
      else if (!Object.prototype.hasOwnProperty.call(node, `${base}_other`)) problems.push(`${key}.${name}: plural without ${base}_other`);
    }
    return [...problems, ...unsupportedIn(child, `${key}.${name}`)];
  });
}

describe("locale files use only what the translator does", () => {
  it("no text uses nesting, formats, context, ordinals or Trans tags", () => {
    const root = path.resolve("app/locales");
    const languages = fs.readdirSync(root).filter((name) => fs.statSync(path.join(root, name)).isDirectory());
    expect(languages.sort()).toEqual([...LANGUAGES].sort());
    const problems = languages.flatMap((language) =>
      fs
        .readdirSync(path.join(root, language))
        .filter((name) => name.endsWith(".json"))
        .flatMap((file) => unsupportedIn(JSON.parse(fs.readFileSync(path.join(root, language, file), "utf8")), `${language}/${file}`)),
    );
    expect(problems).toEqual([]);
  });

  it("names each feature the translator lacks", () => {
    const tree = {
      nested: "See $t(home.title)",
      format: "{{value, number}}",
      unescaped: "{{- html}}",
      path: "{{user.name}}",
      tags: "Read <1>the terms</1>",
      friend_male: "He",
      place_ordinal_one: "1st",
      items_one: "one",
      fine: "{{count}} {{ name }}",
      list: ["{{count}}", { item_one: "x", item_other: "y" }],
    };
    expect(unsupportedIn(tree, "t")).toEqual([
      "t.nested: nesting ($t)",
      't.format: {{value, number}} (formats, "-" and paths are not supported)',
      't.unescaped: {{- html}} (formats, "-" and paths are not supported)',
      't.path: {{user.name}} (formats, "-" and paths are not supported)',
      "t.tags: Trans component tags",
      "t.friend_male: context or ordinal key",
      "t.place_ordinal_one: context or ordinal key",
      "t.items_one: plural without items_other",
    ]);
  });
});
