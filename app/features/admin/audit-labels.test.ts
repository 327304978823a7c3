import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { auditActionKey, auditActionLabel, auditFieldLabel } from "./audit-labels";

const ROOT = path.resolve(import.meta.dirname, "../../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every action code the server records: `action: "a.b"`, the page helpers' `"page.x"` and the sign-in outcomes. */
function recordedCodes() {
  const codes = new Set<string>(["sign-in.success", "sign-in.failure"]);
  for (const file of sourceFiles(path.join(ROOT, "app"))) {
    const text = fs.readFileSync(file, "utf8");
    for (const match of text.matchAll(
      /action:\s*(?:[^,\n]*?\?\s*)?"([a-z-]+(?:\.[a-zA-Z-]+)+)"(?:\s*:\s*"([a-z-]+(?:\.[a-zA-Z-]+)+)")?/g,
    )) {
      codes.add(match[1]!);
      if (match[2]) codes.add(match[2]);
    }
    if (/auditPage|auditNews/.test(text)) for (const match of text.matchAll(/"((?:page|news)\.[a-zA-Z-]+)"/g)) codes.add(match[1]!);
  }
  return [...codes].sort();
}

function labelsOf(language: string) {
  const admin = JSON.parse(fs.readFileSync(path.join(ROOT, `app/locales/${language}/admin.json`), "utf8")) as {
    audit: { actions: Record<string, string> };
  };
  return admin.audit.actions;
}

describe("the audit log's labels", () => {
  it("every action the server records has a label in English, German and Spanish", () => {
    const codes = recordedCodes();
    expect(codes.length).toBeGreaterThan(50);
    for (const language of ["en", "de", "es"]) {
      const labels = labelsOf(language);
      const missing = codes.filter((code) => !labels[auditActionKey(code).replace("admin.audit.actions.", "")]);
      expect(missing, language).toEqual([]);
    }
  });

  it("shows the label, and a code without one as itself", () => {
    const labels = labelsOf("de");
    const t = (key: string) => labels[key.replace("admin.audit.actions.", "")] ?? key;
    expect(auditActionLabel(t, "newsletter.issue.remove-language")).toBe("Sprache aus einer Ausgabe entfernt");
    expect(auditActionLabel(t, "something.new")).toBe("something.new");
  });

  it("names a changed field by its label, or in words, never by its bare code", () => {
    const admin = JSON.parse(fs.readFileSync(path.join(ROOT, "app/locales/de/admin.json"), "utf8")) as {
      audit: { fields: Record<string, string> };
    };
    const t = (key: string) => admin.audit.fields[key.replace("admin.audit.fields.", "")] ?? key;
    expect(auditFieldLabel(t, "altText")).toBe("Alternativtext");
    expect(auditFieldLabel(t, "contactMessages")).toBe("Kontaktnachrichten");
    expect(auditFieldLabel(t, "shopLaunchDate")).toBe("Shop launch date");
    expect(auditFieldLabel(t, "retention_days")).toBe("Retention days");
    const en = JSON.parse(fs.readFileSync(path.join(ROOT, "app/locales/en/admin.json"), "utf8")) as {
      settings: { fields: Record<string, string> };
    };
    const tEn = (key: string) => (key.startsWith("admin.settings.fields.") ? en.settings.fields[key.slice(22)] : undefined) ?? key;
    expect(auditFieldLabel(tEn, "street", "settings")).toBe("Street and number");
  });
});
