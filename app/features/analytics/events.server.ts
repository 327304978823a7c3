import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";

/**
 * Counting without tracking (issue 25, ADR 0068). A counted request becomes an event in this
 * process's memory (`recordEvent`, an array push); once a second the buffer goes to the database in
 * one INSERT (`flushEvents`), and on a clean stop once more. A `kill -9` loses the events of about
 * the last second and of a flush in flight (docs/privacy.md, ADR 0068). Every process writes to the same table, so counts of
 * several processes end up in one place.
 *
 * The visitor: sha256 of the day's salt, the site, the client address and the user agent, its first
 * 8 bytes. The address and the user agent stay in memory until the next flush (at most a second)
 * and are never written; the salt is one row per UTC day, made by the first process that needs it,
 * and the older days' rows are deleted when the day changes. Without yesterday's salt, no hash of
 * yesterday can be matched with an address again, nor with a hash of today.
 */
export type EventKind = "view" | "not_found" | "search" | "preview" | "gated_download";

export interface CountedRequest {
  kind: EventKind;
  path?: string;
  language?: string;
  browserLanguage?: string;
  referrer?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  query?: string;
  filters?: string;
  results?: number | null;
  itemId?: string | null;
  /** Hashed at the flush, never stored. */
  address: string;
  userAgent: string;
}

interface Buffered extends CountedRequest {
  /** The UTC day the request was answered on (YYYY-MM-DD). */
  day: string;
}

export const FLUSH_INTERVAL_MS = 1000;
/** At ~200 bytes an event, 50,000 are ~10 MB: more than a second of any load this site sees; beyond, events are dropped (and logged). */
const MAX_BUFFERED = 50_000;
/** Bytes of the hash kept: 2^64 values, no two visitors of a day share one in practice. */
const VISITOR_BYTES = 8;

let buffer: Buffered[] = [];
let dropped = 0;
let timer: NodeJS.Timeout | undefined;
let flushing: Promise<number> | undefined;
const salts = new Map<string, Buffer>();

export function utcDay(at = new Date()) {
  return at.toISOString().slice(0, 10);
}

/** Appends one counted request to this process's buffer: the only work on the response path. */
export function recordEvent(event: CountedRequest, at = new Date()) {
  if (buffer.length >= MAX_BUFFERED) {
    dropped += 1;
    return;
  }
  buffer.push({ ...event, day: utcDay(at) });
}

/** Events waiting for the next flush (tests, diagnostics). */
export function bufferedEvents() {
  return buffer.length;
}

/**
 * The salt of a UTC day, made by the first process that asks; when the current day is asked for,
 * every older day's salt is deleted (rotation). A late event of a day whose salt is already gone
 * gets a fresh one, which the same call deletes again.
 */
export async function saltOf(day: string): Promise<Buffer> {
  const known = salts.get(day);
  if (known) return known;
  await db().execute(sql`insert into analytics_salts (day, salt) values (${day}, ${randomBytes(32)}) on conflict (day) do nothing`);
  const { rows } = await db().execute<{ salt: Buffer }>(sql`select salt from analytics_salts where day = ${day}`);
  const salt = rows[0]!.salt;
  const today = utcDay();
  await db().execute(sql`delete from analytics_salts where day < ${today}`);
  salts.clear();
  if (day === today) salts.set(day, salt);
  return salt;
}

/** The day's visitor: the same for one address and browser on one site within a UTC day, unrelated across days. */
export function visitorHash(salt: Buffer, site: string, address: string, userAgent: string) {
  return createHash("sha256")
    .update(salt)
    .update(site)
    .update("\0")
    .update(address)
    .update("\0")
    .update(userAgent)
    .digest()
    .subarray(0, VISITOR_BYTES);
}

function siteOf() {
  return new URL(getEnv().PUBLIC_URL).host;
}

async function writeBuffered(events: Buffered[]) {
  const site = siteOf();
  const daySalts = new Map<string, Buffer>();
  for (const day of new Set(events.map((event) => event.day))) daySalts.set(day, await saltOf(day));
  // Each column as one array parameter (drizzle would spread a bare array into a list).
  const column = <T>(pick: (event: Buffered) => T) => sql.param(events.map(pick));
  // One statement for the whole buffer.
  await db().execute(sql`
    insert into analytics_events (day, kind, path, language, browser_language, referrer, utm_source, utm_medium, utm_campaign,
      visitor, query, filters, results, item_id)
    select * from unnest(
      ${column((event) => event.day)}::date[], ${column((event) => event.kind)}::text[], ${column((event) => event.path ?? "")}::text[],
      ${column((event) => event.language ?? "")}::text[], ${column((event) => event.browserLanguage ?? "")}::text[],
      ${column((event) => event.referrer ?? "")}::text[], ${column((event) => event.utmSource ?? "")}::text[],
      ${column((event) => event.utmMedium ?? "")}::text[], ${column((event) => event.utmCampaign ?? "")}::text[],
      ${column((event) => visitorHash(daySalts.get(event.day)!, site, event.address, event.userAgent))}::bytea[],
      ${column((event) => event.query ?? "")}::text[], ${column((event) => event.filters ?? "")}::text[],
      ${column((event) => event.results ?? null)}::int[], ${column((event) => event.itemId ?? null)}::uuid[])`);
}

/**
 * Writes the buffer in one INSERT; returns how many events went. On a database error the events
 * go back to the buffer (bounded) for the next flush. One flush at a time per process.
 */
export function flushEvents(): Promise<number> {
  flushing ??= (async () => {
    if (dropped > 0) {
      logger.warn(`Analytics: ${dropped} events dropped, the buffer was full (${MAX_BUFFERED})`);
      dropped = 0;
    }
    if (buffer.length === 0) return 0;
    const events = buffer;
    buffer = [];
    try {
      await writeBuffered(events);
      return events.length;
    } catch (error) {
      // The cause only: drizzle's own message carries the statement's parameters.
      const reason = ((error as { cause?: Error }).cause ?? (error as Error)).message;
      logger.warn(`Analytics: ${events.length} events not written yet: ${reason}`);
      buffer = [...events, ...buffer].slice(0, MAX_BUFFERED);
      return 0;
    }
  })().finally(() => {
    flushing = undefined;
  });
  return flushing;
}

/** Flushes every FLUSH_INTERVAL_MS (server processes, after the database is open). */
export function startEventFlush() {
  if (timer) return;
  timer = setInterval(() => void flushEvents(), FLUSH_INTERVAL_MS);
  timer.unref();
}

/** Stops the timer and writes what is left (a clean stop, before the database closes). */
export async function stopEventFlush() {
  clearInterval(timer);
  timer = undefined;
  await flushing;
  await flushEvents();
}

/** Forgets the buffer and cached salts (tests). */
export function resetEventsForTesting() {
  buffer = [];
  dropped = 0;
  salts.clear();
}
