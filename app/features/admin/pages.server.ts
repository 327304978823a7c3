import { and, eq } from "drizzle-orm";
import { pageContent, pageContentVersions, pageSchedules, type FieldOverrides } from "~/db/schema";
import { CONTENT_NAMESPACES, contentPageOf, fieldsOf, isLegalPage, type ContentNamespace, type DefaultField } from "~/lib/content-pages";
import { db, type Database } from "~/lib/db.server";
import { LANGUAGES, type Language } from "~/lib/i18n";
import { fileTexts } from "~/lib/locale-files.server";
import { publishedContentChanged } from "~/lib/page-content.server";
import type { Outcome } from "./action.server";
import { recordAudit } from "./audit.server";
import type { ConsoleActor } from "./guard.server";

/**
 * The content pages in the console (ADR 0054): per namespace and language a draft and a published
 * set of overrides of the locale file's default fields. Saving a draft changes nothing public;
 * publishing one language makes its fields live (that row only), writes a version and tells every
 * process; discarding drops the draft. Each change is audited in its transaction.
 */

export type PageState = "default" | "draft" | "published" | "unpublished";

type Row = typeof pageContent.$inferSelect;
type Executor = Pick<Database, "select">;

export async function rowOf(namespace: ContentNamespace, language: Language, executor: Executor = db()): Promise<Row | undefined> {
  const [row] = await executor
    .select()
    .from(pageContent)
    .where(and(eq(pageContent.namespace, namespace), eq(pageContent.language, language)));
  return row;
}

function stateOf(row: Row | undefined): PageState {
  // What the public sees comes first: an unpublished language shows the default language (ADR 0058).
  if (row?.unpublishedAt) return "unpublished";
  if (row?.draft) return "draft";
  return row && Object.keys(row.published).length > 0 ? "published" : "default";
}

/** The fields of a namespace in a language: its file's texts (an empty list for a file that is missing). */
export function defaultFields(namespace: ContentNamespace, language: Language): DefaultField[] {
  return fieldsOf(fileTexts(language, namespace) ?? {}, contentPageOf(namespace));
}

/** /admin/pages: every content page × language with its state and last publish. */
export async function listContentPages() {
  const rows = await db().select().from(pageContent);
  const find = (namespace: string, language: string) => rows.find((row) => row.namespace === namespace && row.language === language);
  return CONTENT_NAMESPACES.map((namespace) => ({
    namespace,
    legal: isLegalPage(namespace),
    languages: LANGUAGES.map((language) => {
      const row = find(namespace, language);
      return { language, state: stateOf(row), publishedAt: row?.publishedAt?.toISOString() ?? null };
    }),
  }));
}

export interface EditorField {
  /** The form's name of the field (`f<index>`): a posted name is never taken as a path. */
  name: string;
  path: string;
  /** The file's current text. */
  defaultText: string;
  /** What the editor starts from: the draft's value, else the published one, else the default itself. */
  value: string;
  long: boolean;
  /** Edited as rich text: `defaultText` and `value` are a document's JSON (ADR 0061). */
  rich: boolean;
  /** A media library image's id, chosen from the published pictures (ADR 0082). */
  image: boolean;
  /** Edited, and the file's default changed since: "new default text available". */
  newDefault: boolean;
}

/** The editor of one page in one language: its fields as the draft (or the published state) has them. */
export async function loadPageEditor(namespace: ContentNamespace, language: Language) {
  const row = await rowOf(namespace, language);
  const working = row?.draft ?? row?.published ?? {};
  const fields: EditorField[] = defaultFields(namespace, language).map((field, index) => {
    const override = Object.hasOwn(working, field.path) ? working[field.path] : undefined;
    return {
      name: `f${index}`,
      path: field.path,
      defaultText: field.text,
      value: override?.value ?? field.text,
      long: field.long,
      rich: field.rich === true,
      image: field.image === true,
      newDefault: override !== undefined && override.default !== field.text,
    };
  });
  return {
    state: stateOf(row),
    publishedAt: row?.publishedAt?.toISOString() ?? null,
    draftAt: row?.draft ? (row.draftAt?.toISOString() ?? null) : null,
    unpublishedAt: row?.unpublishedAt?.toISOString() ?? null,
    fields,
  };
}

/**
 * The overrides that `values` (path → text; "" or the default itself: follow the file) make. A field
 * whose text is unchanged keeps its override as it was, with the default it replaced, so a newer file
 * default stays flagged until the operator edits the field. Paths the file does not have are dropped.
 */
export function overridesFrom(fields: DefaultField[], values: Record<string, string>, previous: FieldOverrides): FieldOverrides {
  const overrides: FieldOverrides = {};
  for (const field of fields) {
    const value = Object.hasOwn(values, field.path) ? values[field.path]! : "";
    if (value === "" || value === field.text) continue;
    const before = Object.hasOwn(previous, field.path) ? previous[field.path] : undefined;
    overrides[field.path] = before?.value === value ? before : { value, default: field.text };
  }
  return overrides;
}

const valuesOf = (overrides: FieldOverrides | null | undefined) =>
  Object.fromEntries(Object.entries(overrides ?? {}).map(([path, field]) => [path, field.value]));

/** The audit entry of a change to a page in a language: the changed fields' texts before and after. */
export function auditPage(
  tx: Parameters<typeof recordAudit>[2],
  actor: ConsoleActor,
  action: `page.${string}`,
  [namespace, language]: [ContentNamespace, Language],
  before: FieldOverrides | null | undefined,
  after: FieldOverrides | null | undefined,
) {
  const page = { entity: "page", entityId: `${namespace}/${language}`, summary: `${namespace} (${language})` };
  return recordAudit(actor, { action, ...page, before: valuesOf(before), after: valuesOf(after) }, tx);
}

const LIVE = { unpublishedAt: null, unpublishedBy: null };

/** A scheduled publish (page-schedule.server.ts, ADR 0059) belongs to the draft: publishing or discarding it ends the schedule. */
function endSchedule(tx: Pick<Database, "delete">, namespace: ContentNamespace, language: Language) {
  return tx.delete(pageSchedules).where(and(eq(pageSchedules.namespace, namespace), eq(pageSchedules.language, language)));
}

const LEGAL_NEEDS_ADMIN: Outcome = { ok: false, status: 403, error: "admin.pages.errors.legalNeedsAdmin" };

/** Keeps `values` as the language's draft; the public page is unchanged. */
export async function saveDraft(
  actor: ConsoleActor,
  namespace: ContentNamespace,
  language: Language,
  values: Record<string, string>,
): Promise<Outcome> {
  await db().transaction((tx) => writeDraft(tx, actor, [namespace, language], () => values, "page.draft"));
  return { ok: true, message: "admin.pages.saved" };
}

/**
 * Writes the language's draft in the transaction `tx`, audited as `action` (a save, a translation
 * started from English or imported): the overrides that `valuesFrom` (given the current draft, else
 * the published overrides) makes, as `overridesFrom` reads them.
 */
export async function writeDraft(
  tx: Parameters<Parameters<Database["transaction"]>[0]>[0],
  actor: ConsoleActor,
  [namespace, language]: [ContentNamespace, Language],
  valuesFrom: (previous: FieldOverrides) => Record<string, string>,
  action: `page.${string}`,
) {
  const row = await rowOf(namespace, language, tx);
  const previous = row?.draft ?? row?.published ?? {};
  const draft = overridesFrom(defaultFields(namespace, language), valuesFrom(previous), previous);
  const now = new Date();
  await tx
    .insert(pageContent)
    .values({ namespace, language, draft, draftAt: now, draftBy: actor.id })
    .onConflictDoUpdate({ target: [pageContent.namespace, pageContent.language], set: { draft, draftAt: now, draftBy: actor.id } });
  await auditPage(tx, actor, action, [namespace, language], previous, draft);
}

/**
 * Makes `values` the language's live fields: that row only (German going live leaves Spanish as it
 * is), a version of it, the draft gone. A legal page needs an admin.
 */
export async function publishPage(
  actor: ConsoleActor,
  namespace: ContentNamespace,
  language: Language,
  values: Record<string, string>,
): Promise<Outcome> {
  if (isLegalPage(namespace) && actor.role !== "admin") return LEGAL_NEEDS_ADMIN;
  await db().transaction(async (tx) => {
    const row = await rowOf(namespace, language, tx);
    const before = row?.published ?? {};
    const published = overridesFrom(defaultFields(namespace, language), values, row?.draft ?? before);
    const now = new Date();
    await tx
      .insert(pageContent)
      .values({ namespace, language, published, publishedAt: now, publishedBy: actor.id, draft: null, draftAt: null, draftBy: null })
      .onConflictDoUpdate({
        target: [pageContent.namespace, pageContent.language],
        // Publishing a language makes it live again if it was unpublished (ADR 0058).
        set: { published, publishedAt: now, publishedBy: actor.id, draft: null, draftAt: null, draftBy: null, ...LIVE },
      });
    await tx
      .insert(pageContentVersions)
      .values({ namespace, language, fields: published, publishedAt: now, publishedBy: actor.id, publishedByEmail: actor.email });
    await auditPage(tx, actor, "page.publish", [namespace, language], before, published);
    await endSchedule(tx, namespace, language);
  });
  await publishedContentChanged(namespace);
  return { ok: true, message: "admin.pages.published" };
}

/** Drops the language's draft (nothing public changes, so an editor may, on a legal page too). */
export async function discardDraft(actor: ConsoleActor, namespace: ContentNamespace, language: Language): Promise<Outcome> {
  const discarded = await db().transaction(async (tx) => {
    const row = await rowOf(namespace, language, tx);
    if (!row?.draft) return false;
    await tx
      .update(pageContent)
      .set({ draft: null, draftAt: null, draftBy: null })
      .where(and(eq(pageContent.namespace, namespace), eq(pageContent.language, language)));
    await auditPage(tx, actor, "page.discard", [namespace, language], row.draft, row.published);
    await endSchedule(tx, namespace, language);
    return true;
  });
  return discarded ? { ok: true, message: "admin.pages.discarded" } : { ok: false, status: 409, error: "admin.pages.errors.noDraft" };
}
