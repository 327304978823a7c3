import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { xliff2js } from "xliff";
import { pageContent } from "~/db/schema";
import { db } from "~/lib/db.server";
import { fileTexts } from "~/lib/locale-files.server";
import { resetDatabase } from "../../../tests/helpers/database";
import { loadPageEditor, publishPage } from "./pages.server";
import { exportTranslation, importTranslation } from "./translation-files.server";
import { IMPORT_MAX_BYTES } from "./translations";
import { listTranslationStatus, pageTranslationStatus, startFromEnglish } from "./translations.server";

/**
 * Translation status, "start from English" and the translator's files (ADR 0062) against the test
 * PostgreSQL. Publishing English is how its text changes; the status compares texts field by field.
 */
const admin = { id: "admin-1", email: "admin@ipangel.test", name: "Admin", role: "admin" as const };
const editor = { id: "editor-1", email: "editor@ipangel.test", name: "Editor", role: "editor" as const };

const homeDefault = (language: string) => fileTexts(language, "home") as { hero: { titleStart: string; subtitle: string } };
const draftValue = async (language: "de" | "es", path: string) =>
  (await loadPageEditor("home", language)).fields.find((field) => field.path === path)?.value;
const stateOf = async (language: "de" | "es") => {
  const status = await pageTranslationStatus("home", language);
  return { state: status.state, fields: status.fields };
};
const auditActions = async () =>
  (await db().execute<{ action: string; entity_id: string }>(sql`select action, entity_id from audit_log order by id`)).rows;
const fileOf = (text: string, name = "translation.xlf") => new File([text], name);

describe("translation status", () => {
  beforeEach(resetDatabase);

  it("every page is up to date while English shows its file texts", async () => {
    const rows = await listTranslationStatus();
    expect(rows.map((row) => row.id)).toContain("privacy");
    expect(rows.every((row) => row.kind === "page")).toBe(true);
    expect(rows.flatMap((row) => row.languages.map((entry) => entry.state))).toEqual(rows.flatMap(() => ["upToDate", "upToDate"]));
    expect(rows[0]!.languages.map((entry) => entry.language)).toEqual(["de", "es"]);
  });

  it("an English edit is missing in a language never published and outdated in one published before it, field by field", async () => {
    await publishPage(admin, "home", "de", { "hero.titleStart": "Bauen Sie, was wirklich zählt, mit" });
    await publishPage(admin, "home", "en", { "hero.titleStart": "Build what truly matters with" });
    expect(await stateOf("es")).toEqual({ state: "missing", fields: ["hero.titleStart"] });
    expect(await stateOf("de")).toEqual({ state: "outdated", fields: ["hero.titleStart"] });
    // Other pages are untouched by an edit of the home page.
    const about = (await listTranslationStatus()).find((row) => row.id === "about")!;
    expect(about.languages.map((entry) => entry.state)).toEqual(["upToDate", "upToDate"]);

    // German published after the English change is up to date; Spanish stays missing.
    await publishPage(admin, "home", "de", { "hero.titleStart": "Bauen Sie, was wirklich zählt, mit" });
    expect(await stateOf("de")).toEqual({ state: "upToDate", fields: [] });
    expect((await stateOf("es")).state).toBe("missing");

    // Publishing English again with the same texts changes no text: German stays up to date.
    await publishPage(admin, "home", "en", { "hero.titleStart": "Build what truly matters with" });
    expect((await stateOf("de")).state).toBe("upToDate");

    // A second English field changes: only it is outdated.
    await publishPage(admin, "home", "en", { "hero.titleStart": "Build what truly matters with", "hero.subtitle": "A new subtitle." });
    expect(await stateOf("de")).toEqual({ state: "outdated", fields: ["hero.subtitle"] });

    // English going back to its file text is a change too.
    await publishPage(admin, "home", "de", { "hero.titleStart": "Bauen Sie, was wirklich zählt, mit" });
    await publishPage(admin, "home", "en", {});
    expect(await stateOf("de")).toEqual({ state: "outdated", fields: ["hero.titleStart", "hero.subtitle"] });
  });
});

describe("start from English", () => {
  beforeEach(resetDatabase);

  it("copies English's text into the fields that need it, as a draft only, and is audited", async () => {
    await publishPage(admin, "home", "es", { "hero.subtitle": "Un subtítulo propio." });
    await publishPage(admin, "home", "en", { "hero.titleStart": "Build what truly matters with" });
    expect(await startFromEnglish(editor, "home", "es")).toMatchObject({ ok: true });

    expect(await draftValue("es", "hero.titleStart")).toBe("Build what truly matters with");
    // A field that was up to date keeps its Spanish text.
    expect(await draftValue("es", "hero.subtitle")).toBe("Un subtítulo propio.");
    const [row] = await db()
      .select()
      .from(pageContent)
      .where(and(eq(pageContent.namespace, "home"), eq(pageContent.language, "es")));
    expect(row!.published).not.toHaveProperty("hero.titleStart");
    expect(await auditActions()).toContainEqual({ action: "page.startFromEnglish", entity_id: "home/es" });
    // Still outdated: a draft is not a publish.
    expect((await stateOf("es")).state).toBe("outdated");
  });

  it("refuses a page that is up to date, and English itself", async () => {
    expect(await startFromEnglish(admin, "about", "de")).toMatchObject({ ok: false, status: 409 });
    expect(await startFromEnglish(admin, "about", "en")).toMatchObject({ ok: false, status: 400 });
    expect(await auditActions()).toEqual([]);
  });
});

describe("export and import for a translator", () => {
  beforeEach(resetDatabase);

  it("XLIFF 2.0: English as the source, the language as the target; an edited target comes back as a draft only", async () => {
    await publishPage(admin, "home", "en", { "hero.titleStart": "Build what truly matters with" });
    const exported = await exportTranslation({ language: "es", page: "all", text: "published", format: "xliff" });
    expect(exported.fileName).toMatch(/\.xlf$/);
    expect(exported.body).toContain('<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="es">');
    expect(exported.body).toContain('<file id="privacy">');
    expect(exported.body).toContain("<source>Build what truly matters with</source>");
    const spanish = homeDefault("es").hero.titleStart;
    expect(exported.body).toContain(`<target>${spanish}</target>`);

    const edited = exported.body.replace(`<target>${spanish}</target>`, "<target>Construye lo que de verdad importa con</target>");
    const result = await importTranslation(editor, fileOf(edited));
    expect(result).toMatchObject({ ok: true, report: { language: "es", changed: [{ page: "home", fields: ["hero.titleStart"] }] } });
    if (!result.ok) throw new Error("refused");
    expect(result.report.unchanged).toBeGreaterThan(100);
    expect(await draftValue("es", "hero.titleStart")).toBe("Construye lo que de verdad importa con");
    // Never published: the public Spanish text is the file's, and the language is still missing.
    const [row] = await db()
      .select()
      .from(pageContent)
      .where(and(eq(pageContent.namespace, "home"), eq(pageContent.language, "es")));
    expect(row!.published).toEqual({});
    expect(row!.publishedAt).toBeNull();
    expect(await auditActions()).toContainEqual({ action: "page.import", entity_id: "home/es" });

    // The draft exports as it is, and importing the same file again changes nothing.
    const draft = await exportTranslation({ language: "es", page: "home", text: "draft", format: "xliff" });
    expect(draft.body).toContain("<target>Construye lo que de verdad importa con</target>");
    expect(draft.body).not.toContain('<file id="about">');
    const again = await importTranslation(editor, fileOf(edited));
    expect(again).toMatchObject({ ok: true, report: { changed: [] } });
  });

  it("JSON: the same round trip; unknown pages, unknown fields and empty targets are left out and reported", async () => {
    const exported = await exportTranslation({ language: "de", page: "about", text: "published", format: "json" });
    const file = JSON.parse(exported.body) as { targetLanguage: string; pages: Record<string, Record<string, { target: string }>> };
    expect(file.targetLanguage).toBe("de");
    file.pages.about!["hero.title"]!.target = "Wer wir wirklich sind";
    file.pages.about!["hero.subtitle"] = { target: "" };
    file.pages.about!["no.such.field"] = { target: "x" };
    file.pages["no-such-page"] = { title: { target: "x" } };
    const result = await importTranslation(admin, fileOf(JSON.stringify(file), "de.json"));
    expect(result).toMatchObject({ ok: true, report: { changed: [{ page: "about", fields: ["hero.title"] }], ignoredCount: 3 } });
    if (!result.ok) throw new Error("refused");
    expect(result.report.ignored.map((entry) => entry.reason).sort()).toEqual(["noTarget", "unknownField", "unknownPage"]);
    expect((await loadPageEditor("about", "de")).fields.find((field) => field.path === "hero.title")?.value).toBe("Wer wir wirklich sind");
  });

  it("names the texts translated from an English text that changed after the export", async () => {
    const exported = await exportTranslation({ language: "de", page: "home", text: "published", format: "json" });
    await publishPage(admin, "home", "en", { "hero.subtitle": "English changed after the export." });
    const result = await importTranslation(admin, fileOf(exported.body, "de.json"));
    expect(result).toMatchObject({ ok: true, report: { staleSource: [{ page: "home", field: "hero.subtitle" }], staleSourceCount: 1 } });
  });

  const xliff = (target: string, extra = "") =>
    `<?xml version="1.0"?>${extra}<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de"><file id="home"><unit id="hero.titleStart"><segment><source>x</source><target>${target}</target></segment></unit></file></xliff>`;

  it.each([
    ["garbage", "\u0000\u0001 not a file", "notTranslationFile"],
    ["broken XML", "<xliff><file></xliff>", "malformedXml"],
    ["a file cut short", xliff("Hallo").slice(0, 150), "malformedXml"],
    [
      "an entity bomb",
      xliff("&lol3;", '<!DOCTYPE x [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;">]>'),
      "declarations",
    ],
    ["an external entity", xliff("&xxe;", '<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'), "declarations"],
    ["an undeclared entity", xliff("&xxe;"), "malformedXml"],
    ["XLIFF 1.2", '<xliff version="1.2"><file source-language="en"></file></xliff>', "notXliff2"],
    ["English as the target", xliff("Hallo").replace('trgLang="de"', 'trgLang="en"'), "wrongTarget"],
    ["another source language", xliff("Hallo").replace('srcLang="en"', 'srcLang="fr"'), "wrongSource"],
    ["broken JSON", '{"pages": ', "malformedJson"],
    ["JSON of another shape", '{"hello": "world"}', "notTranslationFile"],
    ["a text over the field's limit", xliff("a".repeat(501)), "fieldsRefused"],
    ["a control character", xliff("Hallo\u0007Welt"), "fieldsRefused"],
    ["inline markup", xliff('Hallo <pc id="1">Welt</pc>'), "fieldsRefused"],
  ])("refuses %s with its message and writes nothing", async (_name, text, problem) => {
    const result = await importTranslation(admin, fileOf(text));
    expect(result).toMatchObject({ ok: false, problem });
    expect(await db().select().from(pageContent)).toEqual([]);
    expect(await auditActions()).toEqual([]);
  });

  it("the library's parser itself expands no entity beyond XML's five, with or without the check before it", async () => {
    const bomb = xliff("&lol2;", '<!DOCTYPE x [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>');
    await expect(xliff2js(bomb)).rejects.toThrow(/entity/i);
    await expect(xliff2js(xliff("&amp;&lt;"))).resolves.toMatchObject({ resources: { home: { "hero.titleStart": { target: "&<" } } } });
  });

  it("refuses a file over the size limit before reading it, and a missing file", async () => {
    expect(await importTranslation(admin, fileOf(xliff("a".repeat(IMPORT_MAX_BYTES))))).toMatchObject({
      ok: false,
      status: 413,
      problem: "tooLarge",
    });
    expect(await importTranslation(admin, null)).toMatchObject({ ok: false, problem: "noFile" });
  });

  it("a refused field names its page, field and reason; the valid fields of the file are not written either", async () => {
    const text = `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de"><file id="home"><unit id="hero.titleStart"><segment><source>x</source><target>Gut</target></segment></unit><unit id="hero.subtitle"><segment><source>x</source><target>${"b".repeat(5001)}</target></segment></unit></file></xliff>`;
    const result = await importTranslation(admin, fileOf(text));
    expect(result).toMatchObject({
      ok: false,
      problem: "fieldsRefused",
      report: { refused: [{ page: "home", field: "hero.subtitle", error: "admin.pages.errors.tooLong" }] },
    });
    expect(await db().select().from(pageContent)).toEqual([]);
  });
});
