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
/** Topics in use: "media" (library items, categories), "settings", "*" (everything). */
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

let client: pg.PoolClient | undefined;
let stopped = true;
let retry: NodeJS.Timeout | undefined;
let connectedOnce = false;

async function connect() {
  if (stopped || !isDatabaseOpen()) return;
  try {
    const listener = await acquireListenClient();
    listener.on("notification", (message) => {
      if (message.channel === CHANNEL) deliver(message.payload ?? "*");
    });
    listener.on("error", (error) => {
      logger.warn(`Change listener lost its connection: ${error.message}`);
      listener.release(error);
      if (client === listener) client = undefined;
      scheduleReconnect();
    });
    await listener.query(`listen ${CHANNEL}`);
    if (stopped) {
      listener.release();
      return;
    }
    const wasReconnect = client === undefined && connectedOnce;
    client = listener;
    connectedOnce = true;
    if (wasReconnect) deliver("*");
  } catch (error) {
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
  const listener = client;
  client = undefined;
  if (!listener) return;
  await listener.query(`unlisten ${CHANNEL}`).catch(() => {});
  listener.release();
}
