/**
 * The app's translator (ADR 0048), the same module on the server, in the browser, in development and
 * in tests. Texts are a plain object per language and namespace (`{ en: { home: { hero: { title } } } }`),
 * handed in by whoever has them: the server's locale files, the browser's lazy chunks, the console's
 * loader data. A key's first segment is its namespace: `t("home.hero.title")`.
 *
 * What a text may use (`translator.test.ts` fails when a locale file uses anything else):
 * - `{{name}}` replaced by `options.name`, never escaped (React escapes what it renders; mails escape
 *   their HTML themselves). A name the options lack stays as written; one given as undefined or null
 *   becomes empty. A value is inserted as it is, never read again for placeholders.
 * - Plurals by `count` (a number): `key_zero` for 0 if the file has it, then `key_<category>` by
 *   `Intl.PluralRules` of the language (`_one`, `_other`, …), then `key_other`, then the bare `key`.
 *   `_other` stands in for a category the files do not write: newer ICU calls a Spanish million "many",
 *   and the locale files only need `_one` and `_other`. A string count chooses no plural form.
 * - `returnObjects: true` gives the arrays and objects under a key, every text in them translated.
 * - No fallback language: a key the language lacks renders as the key (spec §4), `defaultValue` or not.
 */

export type Messages = Record<string, unknown>;
/** Texts per language, then per namespace. */
export type Resources = Record<string, Record<string, Messages>>;
export type TOptions = Record<string, unknown>;

export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

type Listener = () => void;

const isObject = (value: unknown): value is Messages => typeof value === "object" && value !== null;
// Anything that is not a string, number or boolean is a branch of the tree, not a text (arrays too).
const isBranch = (value: unknown) => typeof value !== "string" && typeof value !== "boolean" && typeof value !== "number";
const PLACEHOLDER = /\{\{(.+?)\}\}/g;
const own = (tree: object, name: string) => Object.prototype.hasOwnProperty.call(tree, name);

function mergeDeep(target: Messages, source: Messages) {
  for (const [name, value] of Object.entries(source)) {
    if (name === "__proto__" || name === "constructor") continue;
    const current = target[name];
    if (isObject(current) && isObject(value) && !Array.isArray(current) && !Array.isArray(value)) mergeDeep(current, value);
    else target[name] = value;
  }
}

function lookUp(tree: unknown, key: string): unknown {
  let node = tree;
  for (const part of key.split(".")) {
    if (!isObject(node) || !own(node, part)) return undefined;
    node = node[part];
  }
  return node;
}

function interpolate(text: string, values: TOptions) {
  return text.replace(PLACEHOLDER, (placeholder, inner: string) => {
    const name = inner.trim();
    const value = values[name];
    if (value === undefined) return own(values, name) ? "" : placeholder;
    return value === null ? "" : String(value);
  });
}

export class Translator {
  language: string;
  private readonly store: Resources = {};
  private readonly listeners = new Set<Listener>();
  private readonly pluralRules = new Map<string, Intl.PluralRules>();
  private readonly fixedTs = new Map<string, TFunction>();

  constructor(language: string, resources: Resources = {}) {
    this.language = language;
    for (const [code, namespaces] of Object.entries(resources)) {
      for (const [namespace, messages] of Object.entries(namespaces)) this.addNamespace(code, namespace, messages);
    }
  }

  /** Translates in the current language. */
  t: TFunction = ((key: string, options?: TOptions) => this.translate(key, options, this.language)) as TFunction;

  /** A `t` that keeps its language when the current one changes (one per language, the same each time). */
  fixedT(language: string): TFunction {
    let t = this.fixedTs.get(language);
    if (!t) {
      t = ((key: string, options?: TOptions) => this.translate(key, options, language)) as TFunction;
      this.fixedTs.set(language, t);
    }
    return t;
  }

  changeLanguage(language: string) {
    this.language = language;
    for (const listener of this.listeners) listener();
  }

  /** Calls `listener` after every language change; returns the unsubscribe function. */
  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Whether the current language has a text (or a branch of texts) under `key`. */
  exists(key: string) {
    return this.resolve(key, undefined, this.language).found !== undefined;
  }

  hasNamespace(language: string, namespace: string) {
    return this.store[language]?.[namespace] !== undefined;
  }

  /** The namespaces a language has texts of. */
  namespaces(language: string): string[] {
    return Object.keys(this.store[language] ?? {});
  }

  /** Adds texts of one namespace; objects merge into those already there, texts replace them. */
  addNamespace(language: string, namespace: string, messages: Messages) {
    const namespaces = (this.store[language] ??= {});
    mergeDeep((namespaces[namespace] ??= {}), messages);
  }

  private pluralCategory(language: string, count: number) {
    let rules = this.pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language, { type: "cardinal" });
      this.pluralRules.set(language, rules);
    }
    return rules.select(count);
  }

  /** The most specific key that has a value (null is no value, "" is one). */
  private resolve(key: string, options: TOptions | undefined, language: string) {
    const texts = this.store[language];
    const count = options?.count;
    if (count !== undefined && typeof count !== "string") {
      // Tried from the last: _zero, the language's category, _other, the bare key.
      const category = this.pluralCategory(language, count as number);
      const candidates = category === "other" ? [key, `${key}_other`] : [key, `${key}_other`, `${key}_${category}`];
      if (count === 0) candidates.push(`${key}_zero`);
      for (let index = candidates.length - 1; index >= 0; index--) {
        const found = lookUp(texts, candidates[index]!);
        if (found !== undefined && found !== null) return { found, usedKey: candidates[index]! };
      }
      return { found: undefined, usedKey: key };
    }
    const found = lookUp(texts, key);
    return { found: found === null ? undefined : found, usedKey: key };
  }

  private translate(key: string, options: TOptions | undefined, language: string): unknown {
    const { found, usedKey } = this.resolve(key, options, language);
    if (typeof found === "string") return options ? interpolate(found, options) : found;
    if (found === undefined) return key;
    if (!isBranch(found) || found instanceof RegExp || typeof found === "function") return found;
    if (!options?.returnObjects) return `key '${key} (${this.language})' returned an object instead of string.`;
    const isArray = Array.isArray(found);
    const copy: Messages | unknown[] = isArray ? [] : {};
    for (const name in found as Messages) {
      if (!own(found as Messages, name)) continue;
      const deepKey = `${isArray ? usedKey : key}.${name}`;
      const value = this.translate(deepKey, options, language);
      (copy as Messages)[name] = value === deepKey ? (found as Messages)[name] : value;
    }
    return copy;
  }
}
