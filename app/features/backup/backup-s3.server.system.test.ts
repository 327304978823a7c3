import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { CreateBucketCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseStorageUrl } from "~/lib/storage-url.server";
import { connect, documentsManifest, npm } from "../../../tests/helpers/backup-commands";
import { useObjectStore, type ObjectStore } from "../../../tests/helpers/object-store";
import { makeDataDir, startProductServer, type ProductServer } from "../../../tests/helpers/product-server";

/**
 * `npm run backup -- create --to s3://BUCKET/PREFIX` against a real object store (Ceph RGW), as
 * docs/deployment.md has an operator run it: the site keeps its files in the store (STORAGE_URL)
 * and the nightly backup goes into a bucket of the same store. The object is downloaded and
 * restored into a fresh DATA_DIR whose files go to new buckets of the store; the restored site has
 * the same accounts, media rows and file bytes. A bucket that does not exist is a one-line failure.
 */
const PASSPHRASE = "correct horse battery staple";

async function accountsAndMedia(client: pg.Client) {
  const rows = async (query: string) => (await client.query<{ row: string }>(query)).rows.map((row) => row.row);
  return {
    users: await rows(`select row_to_json(t)::text as row from users t order by id`),
    media: await rows(
      `select row_to_json(t)::text as row from (select id, title, file_path, thumbnail_path, file_size from media_items) t order by id`,
    ),
  };
}

describe("npm run backup to S3 (Ceph RGW)", () => {
  let store: ObjectStore;
  let s3: S3Client;
  let server: ProductServer;
  let source: pg.Client;
  let storageUrl: string;
  const bucket = `backups-${randomBytes(4).toString("hex")}`;
  const siteEnv = () => ({ ...store.env, DATA_DIR: server.dataDir, STORAGE_URL: storageUrl, BACKUP_PASSPHRASE: PASSPHRASE });

  /** SHA-256 of every object in one of the product's buckets of the site with `url` as STORAGE_URL. */
  async function objects(url: string, productBucket: string) {
    const Bucket = `${parseStorageUrl(url).prefix}-${productBucket}`;
    const hashes = new Map<string, string>();
    const { Contents = [] } = await s3.send(new ListObjectsV2Command({ Bucket }));
    for (const { Key } of Contents) {
      const { Body } = await s3.send(new GetObjectCommand({ Bucket, Key }));
      hashes.set(
        Key!,
        createHash("sha256")
          .update(await Body!.transformToByteArray())
          .digest("hex"),
      );
    }
    return hashes;
  }

  beforeAll(async () => {
    store = await useObjectStore();
    s3 = new S3Client({
      endpoint: store.endpoint,
      region: store.env.AWS_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: store.env.AWS_ACCESS_KEY_ID, secretAccessKey: store.env.AWS_SECRET_ACCESS_KEY },
    });
    storageUrl = store.storageUrl();
    server = await startProductServer({ timeoutMs: 300_000, env: { ...store.env, STORAGE_URL: storageUrl, SEED_DEMO: "0" } });
    source = await connect(server.dataDir);
    await source.query(
      `insert into users (id, name, email, email_verified) values ('s3-backup-user', 'Ada Bucket', 'ada@example.com', true)`,
    );
    // A few small files and one larger than the upload's 8 MB part, so the backup goes up in several parts.
    const folder = path.join(server.dataDir, "..", `${path.basename(server.dataDir)}-import`);
    for (const manifest of [
      documentsManifest(folder, "small", 3, 2 * 1024),
      documentsManifest(`${folder}-big`, "big", 1, 9 * 1024 * 1024),
    ]) {
      const imported = await npm(["media:import", "--", manifest], { ...store.env, DATA_DIR: server.dataDir, STORAGE_URL: storageUrl });
      expect(imported.code, imported.stderr).toBe(0);
    }
  }, 900_000);

  afterAll(async () => {
    await source?.end();
    await server?.stop();
    s3?.destroy();
  });

  it("writes the backup into a bucket of the site's object store; downloaded and restored, the new site has the same accounts, media rows and file bytes", async () => {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const backup = await npm(["backup", "--", "create", "--to", `s3://${bucket}/nightly`], siteEnv());
    expect(backup.code, backup.stderr).toBe(0);
    const location = backup.stdout.trim();
    expect(location).toMatch(new RegExp(`^s3://${bucket}/nightly/ipangel-[^/]+\\.backup$`));
    const key = location.slice(`s3://${bucket}/`.length);
    const { Contents = [] } = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: "nightly/" }));
    expect(Contents.map((object) => object.Key)).toEqual([key]);
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    expect(head.ContentLength).toBeGreaterThan(9 * 1024 * 1024);

    // Restoring from S3: download the object, then restore the file.
    const fresh = makeDataDir("ipangel-restore-s3-");
    const file = path.join(fresh, "..", `${path.basename(fresh)}.backup`);
    const { Body } = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    fs.writeFileSync(file, await Body!.transformToByteArray());
    expect(fs.statSync(file).size).toBe(head.ContentLength);
    // The restored site keeps its files in the same store, in buckets of its own.
    const restoredUrl = store.storageUrl();
    const restoredEnv = { ...store.env, DATA_DIR: fresh, STORAGE_URL: restoredUrl, BACKUP_PASSPHRASE: PASSPHRASE };
    const restored = await npm(["backup", "--", "restore", file], restoredEnv);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stderr).toMatch(/Restored .* all checked/);

    const second = await startProductServer({ dataDir: fresh, timeoutMs: 300_000, env: { ...restoredEnv, SEED_DEMO: "0" } });
    const copy = await connect(fresh);
    try {
      const [now, got] = [await accountsAndMedia(source), await accountsAndMedia(copy)];
      expect(got.users).toEqual(now.users);
      expect(got.users.join()).toContain("Ada Bucket");
      expect(got.media).toEqual(now.media);
      expect(got.media).toHaveLength(4);
      const [sourceFiles, restoredFiles] = [await objects(storageUrl, "media-files"), await objects(restoredUrl, "media-files")];
      const { rows } = await copy.query<{ key: string }>(
        "select file_path as key from media_items where file_path is not null union select thumbnail_path from media_items where thumbnail_path is not null",
      );
      expect([...restoredFiles.keys()].sort()).toEqual(rows.map((row) => row.key).sort());
      for (const { key: name } of rows) expect(restoredFiles.get(name), name).toBe(sourceFiles.get(name));
      expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    } finally {
      await copy.end();
      await second.stop();
      fs.rmSync(file, { force: true });
    }
  }, 600_000);

  it("a bucket that does not exist fails with exit code 1 and one line that names it, without a stack trace", async () => {
    const missing = `no-such-${randomBytes(4).toString("hex")}`;
    const run = await npm(["backup", "--", "create", "--to", `s3://${missing}/nightly`], siteEnv());
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    const lines = run.stderr.trim().split("\n");
    expect(lines, run.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Backup failed: the bucket "${missing}" does not exist at ${store.endpoint}`));
    expect(run.stderr).not.toMatch(/^\s+at /m);
  }, 600_000);
});
