import type { Messages } from "./translator";

/**
 * Every namespace of every language, mails included, bundled into the server build. For a content
 * namespace (content-pages.ts) the file holds the page's default fields (ADR 0054).
 */
const files = import.meta.glob<Messages>("../locales/*/*.json", { eager: true, import: "default" });

const entries = Object.keys(files).map((file) => {
  const [language, namespace] = file.slice("../locales/".length, -".json".length).split("/") as [string, string];
  return { language, namespace };
});

/** The languages and namespaces there are files of. */
export function localeFiles(): ReadonlyArray<{ language: string; namespace: string }> {
  return entries;
}

// Tests stand in a later release's file here (replaceFileTextsForTesting).
const replaced = new Map<string, Messages>();

/** One namespace's file texts in one language (undefined: no such file). */
export function fileTexts(language: string, namespace: string): Messages | undefined {
  const file = `../locales/${language}/${namespace}.json`;
  return replaced.get(file) ?? files[file];
}

/** Tests: what a later release's file holds for one namespace (no `messages`: the bundled file again). */
export function replaceFileTextsForTesting(language: string, namespace: string, messages?: Messages) {
  const file = `../locales/${language}/${namespace}.json`;
  if (messages) replaced.set(file, messages);
  else replaced.delete(file);
}
