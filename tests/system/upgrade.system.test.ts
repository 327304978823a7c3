import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hashPassword } from "better-auth/crypto";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { pullRelease, UpdateRefusedError } from "../../scripts/update-steps";
import { createClient } from "../helpers/http-client";
import { makeDataDir, startProductServer, type ProductServer } from "../helpers/product-server";

/**
 * The update path (ADR 0074). The previous release's data is made the way that release made it: its
 * own migrations (read from git at PREVIOUS_RELEASE, applied by the same drizzle migrator its start
 * ran), then its rows and files written directly in that schema. Building and starting the old
 * release would cost minutes of CI time for the same database. The current build then starts on it.
 */
const PREVIOUS_RELEASE = "eb7630f";
const REPO = path.resolve(import.meta.dirname, "../..");
const PASSWORD = "upgrade-pass-1";

function databaseUrl(name: string) {
  const url = new URL(inject("databaseAdminUrl"));
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: inject("databaseAdminUrl") });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The migrations folder of the previous release, out of git. */
function previousMigrations(dir: string) {
  const tar = execFileSync("git", ["archive", "--format=tar", PREVIOUS_RELEASE, "app/db/migrations"], { cwd: REPO, maxBuffer: 64 << 20 });
  execFileSync("tar", ["-x", "-C", dir], { input: tar });
  return path.join(dir, "app/db/migrations");
}

describe("an update from the previous release", () => {
  const name = `upgrade_${process.pid}`;
  let dataDir: string;
  let server: ProductServer | undefined;

  beforeAll(async () => {
    await withAdmin(async (admin) => {
      await admin.query(`drop database if exists ${name}`);
      await admin.query(`create database ${name}`);
    });
    dataDir = makeDataDir("ipangel-upgrade-");
    const old = new pg.Client({ connectionString: databaseUrl(name) });
    await old.connect();
    try {
      await migrate(drizzle(old), { migrationsFolder: previousMigrations(fs.mkdtempSync(path.join(os.tmpdir(), "ipangel-previous-"))) });
      await old.query(
        `insert into users (id, name, email, email_verified) values ('upgrade-admin', 'Ada Upgrade', 'ada-upgrade@example.com', true)`,
      );
      await old.query(
        `insert into accounts (id, account_id, provider_id, user_id, password) values ('upgrade-account', 'upgrade-admin', 'credential', 'upgrade-admin', $1)`,
        [await hashPassword(PASSWORD)],
      );
      await old.query(`insert into user_roles (user_id, role) values ('upgrade-admin', 'editor')`);
      await old.query(`insert into site_settings (key, value) values ('site', '{"legalName":"Upgrade Test GmbH"}')`);
      await old.query(
        `insert into page_content (namespace, language, published, published_at)
         values ('about', 'de', '{"hero.title":{"value":"Was wir wissen, bleibt","default":"x"}}', now())`,
      );
      const bytes = "Upgrade notes: the bytes of a stored file.";
      fs.mkdirSync(path.join(dataDir, "storage/media-files/upgrade"), { recursive: true });
      fs.writeFileSync(path.join(dataDir, "storage/media-files/upgrade/notes.txt"), bytes);
      await old.query(
        `insert into media_items (title, description, file_type, file_path, mime_type, file_size, language)
         values ('Upgrade notebook', 'Kept across the update', 'document', 'upgrade/notes.txt', 'text/plain', $1, 'en')`,
        [bytes.length],
      );
    } finally {
      await old.end();
    }
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`));
  });

  it("the current code starts on it with its accounts, roles, media, settings and texts intact", async () => {
    server = await startProductServer({ dataDir, env: { DATABASE_URL: databaseUrl(name), SEED_DEMO: "0" } });
    const client = createClient(server.url);
    const signedIn = await client.postForm(
      "/auth",
      { intent: "login", email: "ada-upgrade@example.com", password: PASSWORD },
      { origin: server.url },
    );
    expect(signedIn.status).toBe(302);
    expect(client.jar.has(/session_token/)).toBe(true);

    const about = await (await fetch(`${server.url}/about?lang=de`)).text();
    expect(about).toContain("Was wir wissen, bleibt");
    const imprint = await (await fetch(`${server.url}/imprint`)).text();
    expect(imprint).toContain("Upgrade Test GmbH");
    const media = await (await fetch(`${server.url}/media?q=notebook`)).text();
    expect(media).toContain("Upgrade notebook");

    const check = new pg.Client({ connectionString: databaseUrl(name) });
    await check.connect();
    try {
      const { rows } = await check.query("select role from user_roles where user_id = 'upgrade-admin'");
      expect(rows).toEqual([{ role: "editor" }]);
    } finally {
      await check.end();
    }
    expect(fs.readFileSync(path.join(dataDir, "storage/media-files/upgrade/notes.txt"), "utf8")).toContain("Upgrade notes");
  }, 120_000);

  it("a database newer than the code stops the start with a clear message, and changes nothing", async () => {
    await server?.stop();
    server = undefined;
    const future = 9_999_999_999_000;
    const newer = new pg.Client({ connectionString: databaseUrl(name) });
    await newer.connect();
    const migrations = "select count(*)::int as count from drizzle.__drizzle_migrations";
    await newer.query("insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-release', $1)", [future]);
    const before = (await newer.query(migrations)).rows[0];
    const child = spawn(process.execPath, ["server.js"], {
      cwd: REPO,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        PORT: "0",
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl(name),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain("The database is newer than this code");
    expect(output).not.toMatch(/\n\s+at /);
    expect((await newer.query(migrations)).rows[0]).toEqual(before);
    await newer.end();
  }, 60_000);
});

describe("npm run update refuses, changing nothing", () => {
  let clone: string;
  const future = 9_999_999_998_000;

  beforeAll(() => {
    clone = fs.mkdtempSync(path.join(os.tmpdir(), "ipangel-update-clone-"));
    execFileSync("git", ["clone", "--quiet", "--shared", REPO, clone]);
    // One release behind its upstream.
    execFileSync("git", ["reset", "--quiet", "--hard", "HEAD~1"], { cwd: clone });
  });

  afterAll(async () => {
    await db().$client.query("delete from drizzle.__drizzle_migrations where created_at = $1", [future]);
    fs.rmSync(clone, { recursive: true, force: true });
  });

  const head = () => execFileSync("git", ["rev-parse", "HEAD"], { cwd: clone, encoding: "utf8" }).trim();
  const attempt = (dataDir = getEnv().DATA_DIR) =>
    pullRelease({
      checkout: clone,
      dataDir,
      log: () => {},
      withDatabase: async (work) => {
        const client = await db().$client.connect();
        try {
          return await work(client);
        } finally {
          client.release();
        }
      },
    });

  it("on a checkout with local edits (the data folder inside it does not count)", async () => {
    const before = head();
    fs.mkdirSync(path.join(clone, "site-data/outbox"), { recursive: true });
    fs.writeFileSync(path.join(clone, "site-data/outbox/mail.eml"), "x");
    fs.appendFileSync(path.join(clone, "README.md"), "\nA local note.\n");
    const refused = attempt(path.join(clone, "site-data"));
    await expect(refused).rejects.toThrow(UpdateRefusedError);
    await expect(refused).rejects.toThrow(/local changes, so nothing was updated:\n\s+M README.md\n/);
    await expect(refused).rejects.not.toThrow(/site-data/);
    expect(head()).toBe(before);
    execFileSync("git", ["checkout", "--quiet", "README.md"], { cwd: clone });
    fs.rmSync(path.join(clone, "site-data"), { recursive: true });
  });

  it("on a database holding a migration the release does not know", async () => {
    const before = head();
    await db().$client.query("insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-release', $1)", [future]);
    await expect(attempt()).rejects.toThrow(/The database is newer than the release on origin\/.+: .*Nothing was updated/);
    expect(head()).toBe(before);
    expect(execFileSync("git", ["status", "--porcelain"], { cwd: clone, encoding: "utf8" })).toBe("");
  });
});
