import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { makePrivateDirAsync, PRIVATE_FILE_MODE } from "./private-files.server";
import { assertSafeKey, BUCKETS, InvalidKeyError, type Bucket, type StorageDriver } from "./storage-driver.server";

/** Files on the local disk under `<root>/<bucket>/<key>` (the default driver, ADR 0006). */
export function createLocalStorage(root: string): StorageDriver & { resolve(bucket: Bucket, key: string): string } {
  function resolve(bucket: Bucket, key: string) {
    assertSafeKey(bucket, key);
    const bucketRoot = path.join(root, bucket);
    const file = path.resolve(bucketRoot, key);
    if (!file.startsWith(bucketRoot + path.sep)) throw new InvalidKeyError(`invalid storage key: ${key}`);
    return file;
  }

  async function* walk(dir: string, prefix: string): AsyncIterable<{ key: string; size: number }> {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      // `.tmp-…` files are writes in progress (or left by a crash): never part of the library.
      if (entry.name.startsWith(".")) continue;
      const full = path.join(dir, entry.name);
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) yield* walk(full, key);
      else if (entry.isFile()) yield { key, size: (await fs.promises.stat(full)).size };
    }
  }

  return {
    kind: "local",
    resolve,
    async prepare() {
      for (const bucket of BUCKETS) await makePrivateDirAsync(path.join(root, bucket));
    },
    /**
     * Writes to a temporary name in the same folder, fsync, then rename, so a crash leaves
     * either the old file, the new file, or no file, never half a file.
     */
    async save(bucket, key, data) {
      const file = resolve(bucket, key);
      await makePrivateDirAsync(path.dirname(file));
      const temporary = path.join(path.dirname(file), `.tmp-${randomUUID()}`);
      try {
        // Private media and avatars are served through the product only (signed URLs): 0600 (ADR 0045).
        if (Buffer.isBuffer(data)) await fs.promises.writeFile(temporary, data, { mode: PRIVATE_FILE_MODE });
        else await pipeline(data as Readable, fs.createWriteStream(temporary, { mode: PRIVATE_FILE_MODE }));
        const handle = await fs.promises.open(temporary, "r");
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.promises.rename(temporary, file);
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
      const { size } = await fs.promises.stat(file);
      return { size };
    },
    async read(bucket, key) {
      const file = resolve(bucket, key);
      try {
        const handle = await fs.promises.open(file, "r");
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async stat(bucket, key) {
      try {
        const stats = await fs.promises.stat(resolve(bucket, key));
        return stats.isFile() ? { size: stats.size, lastModified: stats.mtime } : undefined;
      } catch (error) {
        if (error instanceof InvalidKeyError) throw error;
        return undefined;
      }
    },
    async remove(bucket, key) {
      await fs.promises.rm(resolve(bucket, key), { force: true });
    },
    async removeFolder(bucket, prefix) {
      await fs.promises.rm(resolve(bucket, prefix), { recursive: true, force: true });
    },
    list(bucket) {
      if (!BUCKETS.includes(bucket)) throw new InvalidKeyError(`unknown bucket: ${bucket}`);
      return walk(path.join(root, bucket), "");
    },
  };
}
