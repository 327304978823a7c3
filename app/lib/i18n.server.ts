import type { i18n as I18n, Resource } from "i18next";
import { createI18n, DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, type Language } from "./i18n";
import { readCookie } from "./cookies.server";

/**
 * The server holds every language in memory once, with one instance per language fixed to it
 * (never a shared, mutable "current language"), shared by all requests.
 */
let root: Promise<I18n> | undefined;

// Every namespace of every language, mails included, bundled into the server build.
const files = import.meta.glob<Record<string, unknown>>("../locales/*/*.json", { eager: true, import: "default" });

function allResources(): Resource {
  const resources: Record<string, { translation: Record<string, unknown> }> = {};
  for (const [file, messages] of Object.entries(files)) {
    const [language, namespace] = file.slice("../locales/".length, -".json".length).split("/") as [string, string];
    (resources[language] ??= { translation: {} }).translation[namespace] = messages;
  }
  return resources;
}

function rootInstance() {
  root ??= createI18n(DEFAULT_LANGUAGE, allResources());
  return root;
}

// One instance per language, made once: a clone per request cost as much as rendering a small page.
// Nothing on the server changes an instance's language, so requests can share them.
const perLanguage = new Map<Language, Promise<I18n>>();

export function getServerI18n(language: Language): Promise<I18n> {
  let instance = perLanguage.get(language);
  if (!instance) {
    instance = rootInstance().then((root) => withRememberedTexts(root.cloneInstance({ lng: language, initAsync: false })));
    perLanguage.set(language, instance);
  }
  return instance;
}

const MAX_REMEMBERED = 20_000;

/**
 * Every `t` a component gets (react-i18next asks `getFixedT` per component) answers a plain key
 * (no options: no interpolation, plural or context) from a map after the first time. The texts
 * never change while the server runs, and i18next's own path (options spread, key parsing,
 * lookup, post-processing) was ~10 % of a page render (ADR 0026).
 */
function withRememberedTexts(instance: I18n): I18n {
  type AnyT = ((...args: unknown[]) => unknown) & { lng?: unknown; ns?: unknown; keyPrefix?: unknown };
  const remembered = new Map<string, string>();
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => AnyT;
  const rememberingGetFixedT = (lng?: unknown, ns?: unknown, keyPrefix?: unknown, fixedOptions?: unknown) => {
    const t = getFixedT(lng, ns, keyPrefix, fixedOptions);
    // react-i18next passes { scopeNs } (it only matters for selector keys, which are not strings).
    const onlyScope = !fixedOptions || Object.keys(fixedOptions).every((name) => name === "scopeNs");
    if (keyPrefix || !onlyScope || (lng && lng !== instance.language) || (ns && ns !== "translation")) return t;
    const fast: AnyT = (key: unknown, ...rest: unknown[]) => {
      if (rest.length > 0 || typeof key !== "string") return t(key, ...rest);
      let text = remembered.get(key);
      if (text === undefined) {
        const translated = t(key);
        if (typeof translated !== "string") return translated;
        text = translated;
        if (remembered.size < MAX_REMEMBERED) remembered.set(key, text);
      }
      return text;
    };
    return Object.assign(fast, { lng: t.lng, ns: t.ns, keyPrefix: t.keyPrefix });
  };
  instance.getFixedT = rememberingGetFixedT as unknown as I18n["getFixedT"];
  return instance;
}

const fixedTs = new Map<Language, Promise<I18n["t"]>>();

export function getFixedT(language: Language): Promise<I18n["t"]> {
  let t = fixedTs.get(language);
  if (!t) {
    t = getServerI18n(language).then((instance) => instance.getFixedT(language));
    fixedTs.set(language, t);
  }
  return t;
}

/**
 * The language of a request: `?lang=` (links for search engines and sharing), then the
 * `language` cookie that mirrors the browser's localStorage, then English (spec §4).
 */
export function resolveLanguage(
  url: URL,
  cookieHeader: string | null | undefined,
): {
  language: Language;
  fromQuery: boolean;
} {
  const fromQuery = url.searchParams.get("lang");
  if (isLanguage(fromQuery)) return { language: fromQuery, fromQuery: true };
  const fromCookie = readCookie(cookieHeader, LANGUAGE_COOKIE);
  if (isLanguage(fromCookie)) return { language: fromCookie, fromQuery: false };
  return { language: DEFAULT_LANGUAGE, fromQuery: false };
}

export function languageFromRequest(request: Request): Language {
  return resolveLanguage(new URL(request.url), request.headers.get("cookie")).language;
}

/** One namespace in every language (the console's texts travel with its loader data, ADR 0020). */
export function namespaceInAllLanguages(namespace: string): Record<string, Record<string, unknown>> {
  const result: Record<string, Record<string, unknown>> = {};
  for (const [file, messages] of Object.entries(files)) {
    const [language, name] = file.slice("../locales/".length, -".json".length).split("/") as [string, string];
    if (name === namespace) result[language] = messages;
  }
  return result;
}
