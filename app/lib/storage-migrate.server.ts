import { createHash } from "node:crypto";
import { Transform, type Readable } from "node:stream";
import { getEnv } from "./env.server";
import { BUCKETS, type StorageDriver } from "./storage-driver.server";
import { createLocalStorage } from "./storage-local.server";
import { createS3Storage } from "./storage-s3.server";
import { parseStorageUrl } from "./storage-url.server";
import path from "node:path";

/**
 * `npm run storage:migrate -- --to s3|local` (ADR 0024): copies every file of both buckets
 * between `$DATA_DIR/storage` and the object store named by STORAGE_URL. Each file is written
 * whole or not at all, so an interrupted run leaves complete files only, and a rerun skips
 * every file that is already there with the same size and SHA-256: resumable and idempotent.
 * The source is never changed; the database needs no change (keys are the same in both).
 */
export interface MigrateSummary {
  copied: number;
  skipped: number;
  failed: Array<{ bucket: string; key: string; reason: string }>;
  bytes: number;
  ms: number;
}

const PARALLEL = 4;

function hasher() {
  const hash = createHash("sha256");
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return { stream, digest: () => hash.digest("hex") };
}

async function sha256Of(stream: Readable) {
  const hash = createHash("sha256");
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export function storagePair(to: "s3" | "local") {
  const env = getEnv();
  if (!env.STORAGE_URL)
    throw new Error("STORAGE_URL is not set: it names the object store to copy to or from (s3://PREFIX?endpoint=…&region=…)");
  const local = createLocalStorage(path.join(env.DATA_DIR, "storage"));
  const s3 = createS3Storage(parseStorageUrl(env.STORAGE_URL));
  return to === "s3" ? { source: local, target: s3 } : { source: s3, target: local };
}

/** SHA-256 of a stored file: from the store's metadata when it keeps one, else by reading it. */
async function hashOf(driver: StorageDriver, bucket: (typeof BUCKETS)[number], key: string, known?: string) {
  if (known) return known;
  const stream = await driver.read(bucket, key);
  return stream ? sha256Of(stream) : undefined;
}

export async function migrateStorage(
  source: StorageDriver,
  target: StorageDriver,
  options: { log?: (line: string) => void } = {},
): Promise<MigrateSummary> {
  const log = options.log ?? (() => {});
  const started = Date.now();
  const summary: MigrateSummary = { copied: 0, skipped: 0, failed: [], bytes: 0, ms: 0 };
  await target.prepare();
  for (const bucket of BUCKETS) {
    const queue: Array<{ key: string; size: number }> = [];
    for await (const item of source.list(bucket)) queue.push(item);
    const copyOne = async (item: { key: string; size: number }) => {
      try {
        const sourceInfo = await source.stat(bucket, item.key);
        if (!sourceInfo) return; // removed since the listing
        const sourceHash = await hashOf(source, bucket, item.key, sourceInfo.sha256);
        const existing = await target.stat(bucket, item.key);
        if (existing && existing.size === sourceInfo.size && (await hashOf(target, bucket, item.key, existing.sha256)) === sourceHash) {
          summary.skipped++;
          return;
        }
        const body = await source.read(bucket, item.key);
        if (!body) return;
        const check = hasher();
        const hashed = body.pipe(check.stream);
        body.on("error", (error) => check.stream.destroy(error));
        const { size } = await target.save(bucket, item.key, hashed, { sha256: sourceHash });
        if (check.digest() !== sourceHash || size !== sourceInfo.size) {
          await target.remove(bucket, item.key);
          throw new Error("the copy differs from the source (changed while copying?)");
        }
        summary.copied++;
        summary.bytes += size;
        log(`copied ${bucket}/${item.key} (${size} bytes)`);
      } catch (error) {
        summary.failed.push({ bucket, key: item.key, reason: error instanceof Error ? error.message : String(error) });
        log(`FAILED ${bucket}/${item.key}: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    const workers = Array.from({ length: PARALLEL }, async () => {
      for (let item = queue.shift(); item; item = queue.shift()) await copyOne(item);
    });
    await Promise.all(workers);
  }
  summary.ms = Date.now() - started;
  return summary;
}

export function formatMigrateSummary(summary: MigrateSummary) {
  const megabytes = (summary.bytes / 1024 / 1024).toFixed(1);
  return `${summary.copied} copied (${megabytes} MB), ${summary.skipped} already there, ${summary.failed.length} failed, in ${(summary.ms / 1000).toFixed(1)} s`;
}
