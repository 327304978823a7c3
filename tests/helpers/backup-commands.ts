import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { findManagedServer } from "~/lib/embedded-postgres.server";

/** What the backup system tests share: the npm commands as an operator runs them, and the data they back up. */
const ROOT = path.resolve(import.meta.dirname, "../..");

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run ARGS` in the repository with only `env` (and PATH, HOME) set, as in production. */
export function npm(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A connection to the embedded database a running server of `dataDir` manages. */
export async function connect(dataDir: string) {
  const running = findManagedServer(path.join(dataDir, "pg"));
  if (!running) throw new Error(`no server runs on ${dataDir}`);
  const password = fs.readFileSync(path.join(dataDir, "secrets", "pg-password"), "utf8").trim();
  const client = new pg.Client({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${running.port}/app` });
  await client.connect();
  return client;
}

/** A manifest of `count` text documents of `bytes` random bytes each, in a folder of its own. */
export function documentsManifest(dir: string, prefix: string, count: number, bytes: number) {
  fs.mkdirSync(dir, { recursive: true });
  const items = Array.from({ length: count }, (_, index) => {
    const file = `${prefix}-${index}.txt`;
    fs.writeFileSync(path.join(dir, file), randomBytes(bytes).toString("base64"));
    return { title: `${prefix} ${index}`, file_type: "document", file, language: "en" };
  });
  const manifest = path.join(dir, "manifest.json");
  fs.writeFileSync(manifest, JSON.stringify({ items }));
  return manifest;
}
