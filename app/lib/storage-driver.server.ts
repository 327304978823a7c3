import type { Readable } from "node:stream";

/**
 * What every storage driver offers (ADR 0006, ADR 0024): the local disk under
 * `$DATA_DIR/storage/<bucket>` and S3-compatible object storage chosen by `STORAGE_URL`.
 * Keys are checked by the caller (`storage.server.ts`); a driver only stores bytes.
 */
export const BUCKETS = ["media-files", "avatars"] as const;
export type Bucket = (typeof BUCKETS)[number];
export const PUBLIC_BUCKETS: ReadonlySet<Bucket> = new Set(["avatars"]);

export interface StoredObjectInfo {
  size: number;
  etag?: string;
  lastModified?: Date;
  /** SHA-256 of the content (hex) when the store keeps it (S3 metadata written by this product). */
  sha256?: string;
}

export interface SaveOptions {
  /** SHA-256 of the content (hex), kept with the object so copies can be checked without reading it. */
  sha256?: string;
}

export interface StorageDriver {
  readonly kind: "local" | "s3";
  /** Creates what the driver needs (folders, buckets); safe to call at every start. */
  prepare(): Promise<void>;
  /** Stores the whole content or nothing: a reader never sees half a file. */
  save(bucket: Bucket, key: string, data: Buffer | Readable, options?: SaveOptions): Promise<{ size: number }>;
  /** Reads a stored file; undefined when it does not exist. */
  read(bucket: Bucket, key: string): Promise<Readable | undefined>;
  stat(bucket: Bucket, key: string): Promise<StoredObjectInfo | undefined>;
  remove(bucket: Bucket, key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix/`. */
  removeFolder(bucket: Bucket, prefix: string): Promise<void>;
  /** Every stored file of a bucket (no temporary files), in no particular order. */
  list(bucket: Bucket): AsyncIterable<{ key: string; size: number }>;
}

/** The object store did not answer (down, unreachable, timed out): a passing outage, not a bug. */
export class StorageUnavailableError extends Error {
  override name = "StorageUnavailableError";
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

export class InvalidKeyError extends Error {
  override name = "InvalidKeyError";
}

export function isBucket(value: unknown): value is Bucket {
  return typeof value === "string" && (BUCKETS as readonly string[]).includes(value);
}

/** True for keys like `abc/123.png`: safe segments only, no traversal in any spelling. */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 1024) return false;
  const segments = key.split("/");
  return segments.every((segment) => SEGMENT.test(segment) && !segment.includes(".."));
}

export function assertSafeKey(bucket: Bucket, key: string) {
  if (!isBucket(bucket) || !isSafeKey(key)) throw new InvalidKeyError(`invalid storage key: ${key}`);
}
