import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { pageContent, pageContentVersions, user, type FieldOverrides } from "~/db/schema";
import { contentPageOf, isLegalPage, type ContentNamespace, type DefaultField } from "~/lib/content-pages";
import { db } from "~/lib/db.server";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n";
import { publishedContentChanged } from "~/lib/page-content.server";
import { parseRichTextJson, richTextPlain } from "~/lib/rich-text";
import type { Outcome } from "./action.server";
import { recordAudit } from "./audit.server";
import type { ConsoleActor } from "./guard.server";
import { auditPage, defaultFields, rowOf } from "./pages.server";

/**
 * A content page's history and publication in one language (ADR 0058): the versions every publish
 * wrote (who, when), a field-by-field comparison of two of them, "restore as draft" (a version
 * becomes the language's draft; nothing public changes) and unpublishing a language (its visitors
 * see the default language's page with a note) or bringing it back. Every change is audited in its
 * transaction; unpublishing and republishing a legal page need an admin, as publishing does.
 */

export interface PageVersion {
  id: number;
  /** 1 for the first publish of this page in this language. */
  number: number;
  publishedAt: string;
  /** The publisher as the console names members: the account's name while it exists, and the address. */
  name: string | null;
  email: string | null;
  /** How many fields the version set (the others showed the file's default). */
  edited: number;
}

type VersionWithFields = PageVersion & { fields: FieldOverrides };

/** Every version of a page in a language, newest first. */
export async function versionsOf(namespace: ContentNamespace, language: Language): Promise<VersionWithFields[]> {
  const rows = await db()
    .select({
      id: pageContentVersions.id,
      fields: pageContentVersions.fields,
      publishedAt: pageContentVersions.publishedAt,
      email: pageContentVersions.publishedByEmail,
      name: user.name,
    })
    .from(pageContentVersions)
    .leftJoin(user, eq(user.id, pageContentVersions.publishedBy))
    .where(and(eq(pageContentVersions.namespace, namespace), eq(pageContentVersions.language, language)))
    .orderBy(desc(pageContentVersions.publishedAt), desc(pageContentVersions.id));
  const known = knownPaths(namespace, language);
  return rows.map((row, index) => ({
    id: row.id,
    number: rows.length - index,
    publishedAt: row.publishedAt.toISOString(),
    name: row.name,
    email: row.email,
    edited: Object.keys(row.fields).filter((path) => known.has(path)).length,
    fields: row.fields,
  }));
}

const knownPaths = (namespace: ContentNamespace, language: Language) =>
  new Set(defaultFields(namespace, language).map((field) => field.path));

export interface VersionText {
  text: string;
  /** No override in this version: the field showed the file's default (today's text is shown). */
  isDefault: boolean;
}

/** A rich field's document (ADR 0061) as the words a person compares, its blocks one per line. */
function wordsOf(json: string) {
  const parsed = parseRichTextJson(json);
  return parsed.ok ? richTextPlain(parsed.doc) : "";
}

export interface FieldDiff {
  path: string;
  older: VersionText;
  newer: VersionText;
  changed: boolean;
}

/** Two versions side by side, field by field in the file's order (fields a release removed are left out). */
export function compareVersions(
  namespace: ContentNamespace,
  language: Language,
  older: { fields: FieldOverrides },
  newer: { fields: FieldOverrides },
): FieldDiff[] {
  const textOf = (fields: FieldOverrides, field: DefaultField): VersionText =>
    Object.hasOwn(fields, field.path) ? { text: fields[field.path]!.value, isDefault: false } : { text: field.text, isDefault: true };
  // A rich field is compared as stored (bold added is a change) and shown as its words.
  const shown = (field: DefaultField, version: VersionText) => (field.rich ? { ...version, text: wordsOf(version.text) } : version);
  return defaultFields(namespace, language).map((field) => {
    const before = textOf(older.fields, field);
    const after = textOf(newer.fields, field);
    const changed = before.text !== after.text || before.isDefault !== after.isDefault;
    return { path: field.path, older: shown(field, before), newer: shown(field, after), changed };
  });
}

/**
 * The versions `from` and `to` asked for in the address (ids), the older one first; by default the
 * latest and the one before it (none while there is only one). `invalid`: an id that names no
 * version of this page and language was asked for.
 */
export function chooseVersions<V extends { id: number; publishedAt: string }>(versions: V[], from: string | null, to: string | null) {
  const find = (id: string | null) =>
    id !== null && /^\d{1,15}$/.test(id) ? versions.find((version) => version.id === Number(id)) : undefined;
  const asked = [find(from), find(to)];
  const invalid = (from !== null && !asked[0]) || (to !== null && !asked[1]);
  const [a, b] = asked[0] && asked[1] ? asked : [versions[1], versions[0]];
  if (!a || !b) return { invalid };
  // Newest first in `versions`: the one further down the list is the older.
  const [older, newer] = versions.indexOf(a) >= versions.indexOf(b) ? [a, b] : [b, a];
  return { older, newer, invalid };
}

const entity = (namespace: ContentNamespace, language: Language) => ({
  entity: "page",
  entityId: `${namespace}/${language}`,
  summary: `${namespace} (${language})`,
});

/** Makes a version the language's draft (an existing draft is replaced); the public page is unchanged. */
export async function restoreVersion(actor: ConsoleActor, namespace: ContentNamespace, language: Language, id: string): Promise<Outcome> {
  const notFound: Outcome = { ok: false, status: 404, error: "admin.pages.history.errors.noVersion" };
  if (!/^\d{1,15}$/.test(id)) return notFound;
  return db().transaction(async (tx) => {
    const [version] = await tx
      .select({ fields: pageContentVersions.fields })
      .from(pageContentVersions)
      .where(
        and(
          eq(pageContentVersions.id, Number(id)),
          eq(pageContentVersions.namespace, namespace),
          eq(pageContentVersions.language, language),
        ),
      );
    if (!version) return notFound;
    // A field a release removed since is dropped, as on every save.
    const known = knownPaths(namespace, language);
    const draft: FieldOverrides = Object.fromEntries(Object.entries(version.fields).filter(([path]) => known.has(path)));
    const row = await rowOf(namespace, language, tx);
    const now = new Date();
    await tx
      .insert(pageContent)
      .values({ namespace, language, draft, draftAt: now, draftBy: actor.id })
      .onConflictDoUpdate({ target: [pageContent.namespace, pageContent.language], set: { draft, draftAt: now, draftBy: actor.id } });
    await auditPage(tx, actor, "page.restore", [namespace, language], row?.draft ?? row?.published, draft);
    return { ok: true, message: "admin.pages.history.restored" } satisfies Outcome;
  });
}

/** Whether the actor may take a language of this page off the site or put it back. */
function publicationRefusal(actor: ConsoleActor, namespace: ContentNamespace, language: Language): Outcome | undefined {
  if (language === DEFAULT_LANGUAGE) return { ok: false, status: 409, error: "admin.pages.history.errors.defaultLanguage" };
  // The shell's namespace would fall back whole (navigation, buttons), not just the footer's line.
  if (contentPageOf(namespace).everyPage) return { ok: false, status: 409, error: "admin.pages.history.errors.everyPage" };
  if (isLegalPage(namespace) && actor.role !== "admin")
    return { ok: false, status: 403, error: "admin.pages.history.errors.legalNeedsAdmin" };
  return undefined;
}

/**
 * Takes a language of a page off the site (`unpublish`: its visitors see the default language's
 * published page with a note, and the language is no longer announced in hreflang or the sitemap), or
 * puts it back. Drafts and the published fields stay, so republishing brings the page back as it was.
 * One conditional write: a second click changes nothing and answers 409.
 */
async function setPublication(actor: ConsoleActor, namespace: ContentNamespace, language: Language, unpublish: boolean): Promise<Outcome> {
  const refused = publicationRefusal(actor, namespace, language);
  if (refused) return refused;
  const changed = await db().transaction(async (tx) => {
    const now = new Date();
    const page = and(eq(pageContent.namespace, namespace), eq(pageContent.language, language));
    const rows = unpublish
      ? await tx
          .insert(pageContent)
          .values({ namespace, language, unpublishedAt: now, unpublishedBy: actor.id })
          .onConflictDoUpdate({
            target: [pageContent.namespace, pageContent.language],
            set: { unpublishedAt: now, unpublishedBy: actor.id },
            setWhere: isNull(pageContent.unpublishedAt),
          })
          .returning({ namespace: pageContent.namespace })
      : await tx
          .update(pageContent)
          .set({ unpublishedAt: null, unpublishedBy: null })
          .where(and(page, isNotNull(pageContent.unpublishedAt)))
          .returning({ namespace: pageContent.namespace });
    if (rows.length === 0) return false;
    const [before, after] = unpublish ? [language, DEFAULT_LANGUAGE] : [DEFAULT_LANGUAGE, language];
    const action = unpublish ? "page.unpublish" : "page.republish";
    await recordAudit(actor, { action, ...entity(namespace, language), before: { shows: before }, after: { shows: after } }, tx);
    return true;
  });
  if (!changed) {
    return {
      ok: false,
      status: 409,
      error: unpublish ? "admin.pages.history.errors.alreadyUnpublished" : "admin.pages.history.errors.notUnpublished",
    };
  }
  await publishedContentChanged(namespace);
  return { ok: true, message: unpublish ? "admin.pages.history.unpublished" : "admin.pages.history.republished" };
}

export const unpublishLanguage = (actor: ConsoleActor, namespace: ContentNamespace, language: Language) =>
  setPublication(actor, namespace, language, true);

/** Puts an unpublished language back: its last published fields (or its defaults) are live again. */
export const republishLanguage = (actor: ConsoleActor, namespace: ContentNamespace, language: Language) =>
  setPublication(actor, namespace, language, false);
