import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { makePng, writeMediaFixtures } from "./media-fixtures";

/**
 * Operator access to a running product server's DATA_DIR from end-to-end tests: its embedded
 * database (port from postmaster.pid, password from secrets/) and the media import command.
 */
export function e2eDataDir() {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (run through the Playwright global set-up)");
  return dir;
}

export async function withDatabase<T>(dataDir: string, work: (client: pg.Client) => Promise<T>) {
  const port = Number(fs.readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[3]);
  const password = fs.readFileSync(path.join(dataDir, "secrets", "pg-password"), "utf8").trim();
  const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password, database: "app" });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const run = promisify(execFile);

/** `npm run media:import -- manifest` into the e2e server's data directory (it attaches to the running database). */
export async function importMediaManifest(manifestPath: string) {
  const { stdout } = await run("npm", ["run", "-s", "media:import", "--", manifestPath], {
    env: { ...process.env, DATA_DIR: e2eDataDir(), DATABASE_URL: "", LOG_LEVEL: "warn" },
  });
  return stdout;
}

/** Imports one published picture (a PNG of one colour) titled `title` into the library; returns its id. */
export async function importPicture(title: string, width: number, height: number, colour: { r: number; g: number; b: number }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "picture-e2e-"));
  fs.mkdirSync(path.join(dir, "files"));
  fs.writeFileSync(path.join(dir, "files/picture.png"), await makePng(width, height, colour));
  const manifest = { categories: [], items: [{ title, file_type: "image", file: "files/picture.png", language: "en", categories: [] }] };
  fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest));
  const stdout = await importMediaManifest(path.join(dir, "manifest.json"));
  if (!/rejected: 0/.test(stdout)) throw new Error(`The picture was not imported:\n${stdout}`);
  return withDatabase(e2eDataDir(), async (client) => {
    const { rows } = await client.query<{ id: string }>("select id from media_items where title = $1", [title]);
    return rows[0]!.id;
  });
}

/**
 * Writes the media fixtures (tests/helpers/media-fixtures.ts) with every title prefixed by `token`,
 * so test files sharing the server never see each other's items, and imports them. Returns their folder.
 */
export async function importMediaFixtures(token: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "media-e2e-"));
  const { manifestPath } = await writeMediaFixtures(dir, { prefix: `${token} ` });
  const stdout = await importMediaManifest(manifestPath);
  if (!/rejected: 0/.test(stdout)) throw new Error(`The media fixtures were not all imported:\n${stdout}`);
  return dir;
}
