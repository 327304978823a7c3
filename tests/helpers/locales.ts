import fs from "node:fs";
import path from "node:path";

/**
 * A translation from the locale files (`namespace.key.path`), with `{{name}}` filled in from
 * `values`, so a test checks each language against its own text rather than a copy of it.
 */
export function localeText(language: string, key: string, values: Record<string, string | number> = {}): string {
  const [namespace, ...rest] = key.split(".");
  const file = path.resolve("app/locales", language, `${namespace}.json`);
  let value: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
  for (const part of rest) value = (value as Record<string, unknown>)[part];
  if (typeof value !== "string") throw new Error(`no string at ${language}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
