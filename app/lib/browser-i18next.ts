/**
 * `i18next` in the browser bundle (vite.config.ts sends the app's imports of it here; ADR 0033): the
 * part of i18next the app uses, in ~1 KB instead of ~12 KB compressed. The server and the tests use
 * the package itself; `browser-i18next.test.ts` checks that both give the same text for every key of
 * every locale file, with and without values, counts and `returnObjects` (a property test).
 *
 * What it does, as i18next does with app/lib/i18n.ts's options (one namespace "translation", no
 * fallback language, `escapeValue: false`, a missing key renders as the key):
 * - `t(key, options)`: dotted keys; plurals by `count` (`key_zero` for 0, then `key_<Intl plural
 *   category>`, then `key`); `{{name}}` replaced by `options.name` (a name not among the options
 *   stays as written, one given as undefined or null becomes empty; values are never interpolated
 *   again); `returnObjects` gives arrays and objects with every text translated; `defaultValue` only
 *   decides, as with i18next and our missing-key handler, that a missing key still renders as the key.
 * - `language`, `changeLanguage`, `exists`, `getResource`, `getResourceBundle`, `addResourceBundle`.
 * Not supported (the app uses none): namespaces in keys (`ns:key`), context, ordinal plurals,
 * formats (`{{value, number}}`), nesting (`$t(…)`), `joinArrays`, post-processors, back-ends.
 */

type Tree = Record<string, unknown>;
type Options = Record<string, unknown>;
type Listener = () => void;

interface InitOptions {
  lng: string;
  resources?: Record<string, Record<string, Tree>>;
}

const isObject = (value: unknown): value is Tree => typeof value === "object" && value !== null;
// i18next treats every value that is not a string, boolean or number as an object (arrays too).
const handlesAsObject = (value: unknown) => typeof value !== "string" && typeof value !== "boolean" && typeof value !== "number";
const PLACEHOLDER = /\{\{(.+?)\}\}/g;

function mergeDeep(target: Tree, source: Tree) {
  for (const [name, value] of Object.entries(source)) {
    if (name === "__proto__" || name === "constructor") continue;
    const current = target[name];
    if (isObject(current) && isObject(value) && !Array.isArray(current) && !Array.isArray(value)) mergeDeep(current, value);
    else target[name] = value;
  }
}

function lookUp(tree: unknown, path: readonly string[]): unknown {
  let node = tree;
  for (const part of path) {
    if (!isObject(node) || !Object.prototype.hasOwnProperty.call(node, part)) return undefined;
    node = node[part];
  }
  return node;
}

export class BrowserI18n {
  language: string;
  private readonly store: Record<string, Record<string, Tree>> = {};
  private readonly listeners = new Set<Listener>();
  private readonly pluralRules = new Map<string, Intl.PluralRules>();

  constructor(language = "") {
    this.language = language;
  }

  init(options: InitOptions) {
    this.language = options.lng;
    for (const [language, namespaces] of Object.entries(options.resources ?? {})) {
      for (const [namespace, tree] of Object.entries(namespaces)) this.addResourceBundle(language, namespace, tree);
    }
    return Promise.resolve(this.t);
  }

  /** Translates in the current language. */
  t = (key: unknown, options?: Options) => this.translate(String(key), options ?? {}, this.language);

  /** A `t` bound to one language (react-i18next's hook gives one per language). */
  fixedT(language: string) {
    return (key: unknown, options?: Options) => this.translate(String(key), options ?? {}, language);
  }

  changeLanguage(language: string) {
    this.language = language;
    for (const listener of this.listeners) listener();
    return Promise.resolve(this.t);
  }

  /** Calls `listener` after every language change; returns the unsubscribe function. */
  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  exists(key: unknown, options: Options = {}) {
    if (key == null) return false;
    const found = this.resolve(String(key), options, this.language).found;
    if (found === undefined) return false;
    return !(options.returnObjects === false && handlesAsObject(found));
  }

  getResource(language: string, namespace: string, key?: string) {
    return lookUp(this.store[language]?.[namespace], key ? key.split(".") : []);
  }

  getResourceBundle(language: string, namespace: string) {
    const bundle = this.store[language]?.[namespace];
    return bundle ? { ...bundle } : undefined;
  }

  addResourceBundle(language: string, namespace: string, resources: Tree, _deep = true, _overwrite = true) {
    const namespaces = (this.store[language] ??= {});
    mergeDeep((namespaces[namespace] ??= {}), resources);
    return this;
  }

  private pluralSuffix(language: string, count: unknown) {
    let rules = this.pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language, { type: "cardinal" });
      this.pluralRules.set(language, rules);
    }
    return `_${rules.select(count as number)}`;
  }

  /** i18next's resolve(): the most specific key that has a value (null is no value, "" is one). */
  private resolve(key: string, options: Options, language: string) {
    const bundle = this.store[language]?.translation;
    const candidates = [key];
    const plural = options.count !== undefined && typeof options.count !== "string";
    if (plural) {
      candidates.push(key + this.pluralSuffix(language, options.count));
      if (options.count === 0) candidates.push(`${key}_zero`);
    }
    for (let index = candidates.length - 1; index >= 0; index--) {
      const found = lookUp(bundle, candidates[index]!.split("."));
      if (found !== undefined && found !== null) return { found, usedKey: candidates[index]! };
    }
    return { found: undefined, usedKey: key };
  }

  private translate(key: string, options: Options, language: string): unknown {
    const { found, usedKey } = this.resolve(key, options, language);
    if (found !== undefined && handlesAsObject(found) && !(found instanceof RegExp) && typeof found !== "function") {
      if (!options.returnObjects) return `key '${key} (${this.language})' returned an object instead of string.`;
      const isArray = Array.isArray(found);
      const copy: Tree | unknown[] = isArray ? [] : {};
      for (const name in found as Tree) {
        if (!Object.prototype.hasOwnProperty.call(found, name)) continue;
        const deepKey = `${isArray ? usedKey : key}.${name}`;
        const value = this.translate(deepKey, { ...options, joinArrays: false }, language);
        (copy as Tree)[name] = value === deepKey ? (found as Tree)[name] : value;
      }
      return copy;
    }
    // A missing key renders as the key, with or without a defaultValue (i18n.ts's missing-key handler).
    if (found === undefined) return key;
    return typeof found === "string" ? interpolate(found, options) : found;
  }
}

function interpolate(text: string, values: Options) {
  return text.replace(PLACEHOLDER, (placeholder, inner: string) => {
    const trimmed = inner.trim();
    const name = trimmed.startsWith("-") ? trimmed.slice(1).trim() : trimmed;
    const value = values[name];
    if (value === undefined) return Object.prototype.hasOwnProperty.call(values, name) ? "" : placeholder;
    return value === null ? "" : String(value);
  });
}

const i18next = {
  createInstance: () => new BrowserI18n(),
};
export default i18next;
