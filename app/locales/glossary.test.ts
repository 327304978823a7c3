import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * docs/glossary.md: one word for each thing, per language. Every string of every translation file
 * (interface texts and the content pages' defaults alike, ADR 0054) is read; `{{placeholders}}` are
 * not words and are left out. A forbidden variant names its file, key and the word to use instead.
 */
type Rule = { forbidden: RegExp; use: string };

const RULES: Record<"en" | "de" | "es", Rule[]> = {
  en: [
    { forbidden: /\bImprint\b/, use: "Legal notice" },
    { forbidden: /\bTerms of Use\b/i, use: "Terms of Service" },
    { forbidden: /\b[eE]-mails?\b/, use: "email" },
    { forbidden: /\bYour IP Angel team\b/, use: "The IP Angel team" },
    { forbidden: /\byou@example\./, use: "name@example.com" },
  ],
  de: [
    { forbidden: /\bAcademy\b/, use: "Akademie" },
    { forbidden: /\bMarket\b/, use: "Markt" },
    { forbidden: /\bConsulting\b/, use: "Beratung" },
    { forbidden: /\b(?:Email|eMail|e-[mM]ail|E-mail)s?\b/, use: "E-Mail" },
    { forbidden: /\bsie@beispiel\./, use: "name@beispiel.de" },
  ],
  es: [
    { forbidden: /\bAcademy\b/, use: "Academia" },
    { forbidden: /\bMarket\b/, use: "Mercado" },
    { forbidden: /\b[eE]-?mails?\b/, use: "correo electrónico" },
    { forbidden: /Términos de servicio/i, use: "Condiciones de uso" },
    { forbidden: /\bconstructor(?:es|as)?\b/i, use: "quienes crean, emprendedores" },
    { forbidden: /en sus propios términos/i, use: "a su manera" },
    { forbidden: /\busted@ejemplo\./, use: "nombre@ejemplo.com" },
  ],
};

/** Spanish buttons are infinitives: a short label (no sentence, not a title) whose first word is an imperative with "usted". */
const SPANISH_IMPERATIVE_BUTTON =
  /^(?:Descubra|Explore|Envíe|Solicite|Visite|Únase|Regístrese|Póngase|Asóciese|Trabaje|Conozca|Reserve|Empiece|Comience|Hable|Inicie|Pruebe|Vea)\b/;

function strings(value: unknown, key: string, out: Array<[string, string]>) {
  if (typeof value === "string") out.push([key, value]);
  else if (Array.isArray(value)) value.forEach((item, index) => strings(item, `${key}.${index}`, out));
  else if (value && typeof value === "object") for (const [child, inner] of Object.entries(value)) strings(inner, key ? `${key}.${child}` : child, out);
  return out;
}

function textsOf(language: string) {
  const dir = path.join(import.meta.dirname, language);
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .flatMap((file) => strings(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")), "", []).map(([key, text]) => ({ file, key, text })));
}

/** The words of a text: without {{placeholders}}, and without the e-mail/URL examples that are data. */
const words = (text: string) => text.replace(/\{\{[^}]*\}\}/g, " ");

describe("the glossary (docs/glossary.md)", () => {
  for (const language of ["en", "de", "es"] as const) {
    it(`no ${language} text uses a forbidden variant`, () => {
      const found = textsOf(language).flatMap(({ file, key, text }) =>
        RULES[language]
          .filter((rule) => rule.forbidden.test(words(text)))
          .map((rule) => `${language}/${file} ${key}: "${words(text).match(rule.forbidden)![0]}" (use "${rule.use}")`),
      );
      expect(found).toEqual([]);
    });
  }

  it("Spanish buttons and links to act are infinitives, not imperatives", () => {
    const buttons = textsOf("es").filter(({ key, text }) => text.length <= 40 && !/[.:!?]$/.test(text) && !/title|Title|label|hint|Hint|description|Description/.test(key));
    const found = buttons.filter(({ text }) => SPANISH_IMPERATIVE_BUTTON.test(text)).map(({ file, key, text }) => `es/${file} ${key}: "${text}"`);
    expect(found).toEqual([]);
  });

  it("the rules catch what they are for", () => {
    expect(RULES.de.some((rule) => rule.forbidden.test("Media, Market, Academy"))).toBe(true);
    expect(RULES.de.some((rule) => rule.forbidden.test(words("Setzen Sie ACADEMY_URL für {{email}}")))).toBe(false);
    expect(RULES.es.some((rule) => rule.forbidden.test(words("Responder a {{email}}")))).toBe(false);
    expect(RULES.es.some((rule) => rule.forbidden.test("por email"))).toBe(true);
    expect(SPANISH_IMPERATIVE_BUTTON.test("Descubra la Academia")).toBe(true);
  });
});
