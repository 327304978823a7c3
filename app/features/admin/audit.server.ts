import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { auditLog } from "~/db/schema";
import { db, type Database } from "~/lib/db.server";
import type { ConsoleActor } from "./guard.server";

/**
 * The audit log: every change made in the console, with who, when, what and the changed fields
 * before and after. Written in the same transaction as the change (pass `tx`), so a change
 * without its entry cannot exist.
 */

type Executor = Pick<Database, "insert">;
export type Changes = Record<string, { before: unknown; after: unknown }>;

export interface AuditEntryInput {
  action: string;
  entity: string;
  entityId?: string | null;
  summary?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

function same(a: unknown, b: unknown) {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Only the fields that differ (a creation lists every field with before null, a deletion after null). */
export function diffFields(before: Record<string, unknown> | null | undefined, after: Record<string, unknown> | null | undefined): Changes {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: Changes = {};
  for (const key of keys) {
    const was = before?.[key] ?? null;
    const now = after?.[key] ?? null;
    if (!same(was, now)) changes[key] = { before: was, after: now };
  }
  return changes;
}

export async function recordAudit(
  actor: Pick<ConsoleActor, "id" | "email"> | { id: null; email: string },
  entry: AuditEntryInput,
  executor: Executor = db(),
) {
  await executor.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    summary: entry.summary ?? null,
    changes: diffFields(entry.before, entry.after),
  });
}

export const AUDIT_PAGE_SIZE = 50;

export interface AuditFilters {
  q: string;
  entity: string;
  actor: string;
  from: string;
  to: string;
  page: number;
  /** Date filters given but not a date of the calendar (`2026-99-99`): left out, and the page says so. */
  invalid: Array<"from" | "to">;
}

/** `YYYY-MM-DD` when it is a real day (the form's date input sends that), else undefined. */
function calendarDate(value: string): string | undefined {
  const match = /^(\d{4})-(\d\d)-(\d\d)$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? value : undefined;
}

export function parseAuditFilters(url: URL): AuditFilters {
  // NUL is no text PostgreSQL stores or compares: dropped like surrounding spaces.
  const get = (name: string) => (url.searchParams.get(name) ?? "").replaceAll("\u0000", "").trim().slice(0, 200);
  const invalid: AuditFilters["invalid"] = [];
  const date = (name: "from" | "to") => {
    const value = get(name);
    if (!value) return "";
    const day = calendarDate(value);
    if (day === undefined) invalid.push(name);
    return day ?? "";
  };
  return {
    q: get("q"),
    entity: /^[a-z-]{1,40}$/.test(get("entity")) ? get("entity") : "",
    actor: get("actor"),
    from: date("from"),
    to: date("to"),
    page: Math.max(1, Math.min(10_000, Number.parseInt(get("page"), 10) || 1)),
    invalid,
  };
}

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export async function listAudit(filters: AuditFilters) {
  const conditions: SQL[] = [];
  if (filters.entity) conditions.push(eq(auditLog.entity, filters.entity));
  if (filters.actor) conditions.push(ilike(auditLog.actorEmail, `%${escapeLike(filters.actor)}%`));
  if (filters.from) conditions.push(gte(auditLog.at, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) conditions.push(lt(auditLog.at, new Date(new Date(`${filters.to}T00:00:00Z`).getTime() + 86_400_000)));
  if (filters.q) {
    const like = `%${escapeLike(filters.q)}%`;
    conditions.push(
      or(
        ilike(auditLog.summary, like),
        ilike(auditLog.action, like),
        ilike(auditLog.entityId, like),
        sql`${auditLog.changes}::text ilike ${like}`,
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db()
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((filters.page - 1) * AUDIT_PAGE_SIZE);
  const entities = await db().selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(auditLog.entity);
  return {
    entries: rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({ ...row, at: row.at.toISOString() })),
    hasMore: rows.length > AUDIT_PAGE_SIZE,
    entities: entities.map((row) => row.entity),
  };
}
