import type pg from "pg";
import { sql } from "drizzle-orm";
import { acquireListenClient, db, isDatabaseOpen, type Database } from "./db.server";
import { logger } from "./logger.server";

/**
 * Tells every server process that some data changed, through PostgreSQL LISTEN/NOTIFY (ADR 0025),
 * so in-memory caches (the page cache) drop what they hold instead of serving it until it
 * expires. `publishChange("media")` inside a transaction is delivered when it commits, and not
 * at all when it rolls back. Every process, the publisher included, receives it. When the
 * listening connection breaks, subscribers get "*" on reconnecting: anything may have changed.
 */
export const CHANNEL = "ipangel_changes";
/** Topics in use: "media" (library items, categories), "shop", "settings", "redirects" (ADR 0055), "content" (a page publish, ADR 0054), "*" (everything). */
export type ChangeTopic = string;
type Subscriber = (topic: ChangeTopic) => void;

const subscribers = new Set<Subscriber>();
const RECONNECT_MS = 1000;

export function subscribeToChanges(subscriber: Subscriber) {
  subscribers.add(subscriber);
  return () => subscribers.delete(subscriber);
}

function deliver(topic: ChangeTopic) {
  for (const subscriber of subscribers) {
    try {
      subscriber(topic);
    } catch (error) {
      logger.warn(`change subscriber failed on "${topic}": ${String(error)}`);
    }
  }
}

/** Announces a change to every process; pass the transaction that makes the change. */
export async function publishChange(topic: ChangeTopic, executor: Pick<Database, "execute"> = db()) {
  await executor.execute(sql`select pg_notify(${CHANNEL}, ${topic})`);
}

interface Listener {
  client: pg.PoolClient;
  /** Gives the connection back to the pool once, whatever happens first (error, stop). */
  giveBack(error?: Error): void;
}

let current: Listener | undefined;
let stopped = true;
let retry: NodeJS.Timeout | undefined;
let connectedOnce = false;

async function connect() {
  if (stopped || !isDatabaseOpen()) return;
  let listener: Listener | undefined;
  try {
    const connection = await acquireListenClient();
    let released = false;
    const own: Listener = {
      client: connection,
      giveBack(error) {
        if (released) return;
        released = true;
        connection.release(error);
      },
    };
    listener = own;
    connection.on("notification", (message) => {
      if (message.channel === CHANNEL) deliver(message.payload ?? "*");
    });
    // Stays attached after the connection is given back, so a late error never goes unhandled.
    connection.on("error", (error) => {
      const wasCurrent = current === own;
      if (wasCurrent) current = undefined;
      own.giveBack(error);
      if (wasCurrent && !stopped) {
        logger.warn(`Change listener lost its connection: ${error.message}`);
        scheduleReconnect();
      }
    });
    await connection.query(`listen ${CHANNEL}`);
    if (stopped) {
      own.giveBack();
      return;
    }
    const wasReconnect = current === undefined && connectedOnce;
    current = own;
    connectedOnce = true;
    if (wasReconnect) deliver("*");
  } catch (error) {
    listener?.giveBack(error instanceof Error ? error : undefined);
    logger.warn(`Change listener could not connect: ${error instanceof Error ? error.message : String(error)}`);
    scheduleReconnect();
  }
}

function scheduleReconnect() {
  if (stopped) return;
  clearTimeout(retry);
  retry = setTimeout(() => void connect(), RECONNECT_MS);
  retry.unref();
}

export async function startChangeListener() {
  stopped = false;
  connectedOnce = false;
  await connect();
}

export async function stopChangeListener() {
  stopped = true;
  clearTimeout(retry);
  const listener = current;
  current = undefined;
  if (!listener) return;
  await listener.client.query(`unlisten ${CHANNEL}`).catch(() => {});
  listener.giveBack();
}

/**
 * A value this process loads from the database and keeps until a change on `topic` (or "*": anything,
 * e.g. after the listener reconnected) is announced, or `ttlMs` passed (a notification that never
 * came). A load that was under way when the change arrived is not kept (it may have read the rows
 * before the change). The same object is returned until then, so a caller may keep what it built
 * from it while it is the same.
 */
export function cachedUntilChange<T>(topic: ChangeTopic, load: () => Promise<T>, ttlMs: number) {
  let cached: { at: number; value: T } | undefined;
  let loading: Promise<T> | undefined;
  let generation = 0;
  const forget = () => {
    cached = undefined;
    loading = undefined;
    generation += 1;
  };
  const stop = subscribeToChanges((seen) => {
    if (seen === topic || seen === "*") forget();
  });
  async function current(): Promise<T> {
    if (cached && Date.now() - cached.at < ttlMs) return cached.value;
    const started = generation;
    const pending = (loading ??= load());
    try {
      const value = await pending;
      if (generation === started) cached = { at: Date.now(), value };
      return value;
    } finally {
      if (loading === pending) loading = undefined;
    }
  }
  return { current, forget, stop };
}
