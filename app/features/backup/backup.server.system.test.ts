import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { renditionKeys } from "~/lib/renditions";
import { connect, documentsManifest, npm } from "../../../tests/helpers/backup-commands";
import { makeDataDir, startProductServer, type ProductServer } from "../../../tests/helpers/product-server";

/**
 * `npm run backup` as an operator runs it (CONTRACT.md, ADR 0064): a backup of a running site
 * with the demo library while uploads go on, restored into a fresh DATA_DIR; a restore refused
 * while the server runs; a wrong passphrase, a cut-off file and a file that is no backup refused
 * with nothing changed.
 */
const PASSPHRASE = "correct horse battery staple";

/** What an operator compares after a restore: accounts, media rows, settings, page texts. */
async function contents(client: pg.Client) {
  const rows = async (query: string) => (await client.query<{ row: string }>(query)).rows.map((row) => row.row);
  return {
    users: await rows(`select row_to_json(t)::text as row from users t order by id`),
    settings: await rows(`select row_to_json(t)::text as row from site_settings t order by key`),
    pages: await rows(`select row_to_json(t)::text as row from page_content t order by namespace, language`),
    media: await rows(
      `select row_to_json(t)::text as row from (select id, title, file_path, thumbnail_path, file_size from media_items) t order by id`,
    ),
  };
}

async function mediaIds(client: pg.Client) {
  return (await client.query<{ id: string }>("select id from media_items order by id")).rows.map((row) => row.id);
}

/** Polls `condition` (outside a test, where expect.poll is not available). */
async function until(condition: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const sha = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");

/** Every stored file of a DATA_DIR (bucket/key → SHA-256). */
function storedFiles(dataDir: string) {
  const root = path.join(dataDir, "storage");
  const files = new Map<string, string>();
  if (!fs.existsSync(root)) return files;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith(".")) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(root, full), sha(full));
  }
  return files;
}

/** The files the media rows name (bucket/key): the original, the thumbnail and the page pictures' sizes. */
async function namedFiles(client: pg.Client) {
  const { rows } = await client.query<{ id: string; file: string | null; thumbnail: string | null; widths: number[] | null }>(
    "select id, file_path as file, thumbnail_path as thumbnail, rendition_widths as widths from media_items",
  );
  const keys = rows.flatMap((row) => [row.file, row.thumbnail, ...renditionKeys(row.id, row.widths)].filter((key) => key !== null));
  return [...new Set(keys)].map((key) => `media-files/${key}`).sort();
}

describe("npm run backup", () => {
  let server: ProductServer;
  let source: pg.Client;
  const env = () => ({ DATA_DIR: server.dataDir, BACKUP_PASSPHRASE: PASSPHRASE });

  beforeAll(async () => {
    server = await startProductServer({ timeoutMs: 300_000 });
    source = await connect(server.dataDir);
    // The demo library is loaded after the server answers: wait for all of it.
    await until(async () => (await mediaIds(source)).length >= 21, 400_000);
    await source.query(`insert into users (id, name, email, email_verified) values ('backup-user', 'Ada Backup', 'ada@example.com', true)`);
    await source.query(`insert into site_settings (key, value) values ('backup-check', '{"company":"Example GmbH"}')`);
    await source.query(`insert into page_content (namespace, language, published) values ('home', 'de', '{"hero.title":{"value":"Willkommen zurück"}}')
                        on conflict (namespace, language) do update set published = excluded.published`);
    // A large file, so the backup takes long enough for uploads to happen while it runs.
    const big = documentsManifest(path.join(server.dataDir, "..", `${path.basename(server.dataDir)}-big`), "big", 1, 60 * 1024 * 1024);
    expect((await npm(["media:import", "--", big], { DATA_DIR: server.dataDir })).code).toBe(0);
  }, 900_000);

  afterAll(async () => {
    await source?.end();
    await server?.stop();
  });

  it("backs up a running site while uploads go on; the restore into a fresh DATA_DIR has the same accounts, settings, texts, media rows and file bytes", async () => {
    const before = await mediaIds(source);
    const uploads = documentsManifest(path.join(server.dataDir, "..", `${path.basename(server.dataDir)}-uploads`), "upload", 150, 4 * 1024);
    const uploading = npm(["media:import", "--", uploads], { DATA_DIR: server.dataDir });
    // The backup starts once the uploads have begun, so some land before its snapshot and some after.
    await expect.poll(async () => (await mediaIds(source)).length, { timeout: 300_000, interval: 50 }).toBeGreaterThan(before.length);
    const backup = await npm(["backup", "--", "create"], env());
    const uploaded = await uploading;
    expect(uploaded.code, uploaded.stderr).toBe(0);
    expect(backup.code, backup.stderr).toBe(0);
    const file = backup.stdout.trim();
    expect(path.dirname(file)).toBe(path.join(server.dataDir, "backups"));
    expect(fs.existsSync(file)).toBe(true);
    expect(backup.stderr).toContain("encrypted");

    const refused = await npm(["backup", "--", "restore", file], env());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("a server is using");

    const fresh = makeDataDir("ipangel-restore-");
    const restored = await npm(["backup", "--", "restore", file], { DATA_DIR: fresh, BACKUP_PASSPHRASE: PASSPHRASE });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stderr).toMatch(/Restored .* all checked/);

    const second = await startProductServer({ dataDir: fresh, timeoutMs: 300_000, env: { SEED_DEMO: "0" } });
    const copy = await connect(fresh);
    try {
      const [now, got] = [await contents(source), await contents(copy)];
      expect(got.users).toEqual(now.users);
      expect(got.settings).toEqual(now.settings);
      expect(got.pages).toEqual(now.pages);
      // Media: everything from before the backup, and of the uploads during it those in its snapshot.
      const gotIds = await mediaIds(copy);
      expect(gotIds).toEqual(expect.arrayContaining(before));
      expect(now.media).toEqual(expect.arrayContaining(got.media));
      // Each restored row's file is there with the bytes it had, and no file without its row.
      const files = storedFiles(fresh);
      const sourceFiles = storedFiles(server.dataDir);
      const named = await namedFiles(copy);
      expect([...files.keys()].filter((key) => key.startsWith("media-files/")).sort()).toEqual(named);
      for (const key of named) expect(files.get(key), key).toBe(sourceFiles.get(key));
      console.info(
        `backup: ${before.length} items before, ${gotIds.length} restored, ${(await mediaIds(source)).length} after the uploads; ` +
          `${backup.stderr.trim().split("\n").at(-1)}; ${restored.stderr.trim().split("\n").at(-1)}`,
      );
      // The restored DATA_DIR starts as a site (its migrations, its database).
      const page = await fetch(`${second.url}/healthz`);
      expect(page.status).toBe(200);
    } finally {
      await copy.end();
      await second.stop();
    }
  }, 600_000);

  it("restores into an external database (DATABASE_URL); a wrong passphrase, a cut-off file and a file that is no backup are refused and change nothing", async () => {
    const file = fs
      .readdirSync(path.join(server.dataDir, "backups"))
      .filter((name) => name.endsWith(".backup"))
      .map((name) => path.join(server.dataDir, "backups", name))[0];
    const name = `backup_restore_${process.pid}`;
    const url = new URL(inject("databaseAdminUrl"));
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    url.pathname = `/${name}`;
    const dataDir = makeDataDir("ipangel-restore-external-");
    const target = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
    const snapshot = async () => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return { ...(await contents(client)), named: await namedFiles(client), files: storedFiles(dataDir) };
      } finally {
        await client.end();
      }
    };
    try {
      const restored = await npm(["backup", "--", "restore", file], { ...target, BACKUP_PASSPHRASE: PASSPHRASE });
      expect(restored.code, restored.stderr).toBe(0);
      const first = await snapshot();
      expect(first.users).toEqual((await contents(source)).users);
      expect([...first.files.keys()].filter((key) => key.startsWith("media-files/")).sort()).toEqual(first.named);

      const wrong = await npm(["backup", "--", "restore", file], { ...target, BACKUP_PASSPHRASE: "not the passphrase at all" });
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain("wrong passphrase");

      const missing = await npm(["backup", "--", "restore", file], target);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain("set BACKUP_PASSPHRASE");

      const cut = path.join(dataDir, "cut.backup");
      fs.writeFileSync(cut, fs.readFileSync(file).subarray(0, Math.floor(fs.statSync(file).size * 0.6)));
      const truncated = await npm(["backup", "--", "restore", cut], { ...target, BACKUP_PASSPHRASE: PASSPHRASE });
      expect(truncated.code).toBe(1);
      expect(truncated.stderr).toContain("cut off");
      expect(truncated.stderr).toContain("Nothing was changed");

      const garbage = path.join(dataDir, "garbage.backup");
      fs.writeFileSync(garbage, randomBytes(100_000));
      const notABackup = await npm(["backup", "--", "restore", garbage], { ...target, BACKUP_PASSPHRASE: PASSPHRASE });
      expect(notABackup.code).toBe(1);
      expect(notABackup.stderr).toContain("is not a backup");

      fs.rmSync(cut);
      fs.rmSync(garbage);
      expect(await snapshot()).toEqual(first);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 600_000);
});
