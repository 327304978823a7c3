import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "./env.server";
import { makePrivateDir, PRIVATE_FILE_MODE } from "./private-files.server";

/**
 * Reads a secret kept in `$DATA_DIR/secrets/<name>`, generating it on first use.
 * The file is created exclusively with mode 0600, so two processes starting at once
 * agree on one value and no other user of the machine can read it.
 */
export function readOrCreateSecret(dataDir: string, name: string, bytes = 32): string {
  const dir = path.join(dataDir, "secrets");
  makePrivateDir(dir);
  const file = path.join(dir, name);
  try {
    const fd = fs.openSync(file, "wx", PRIVATE_FILE_MODE);
    try {
      fs.writeSync(fd, randomBytes(bytes).toString("base64url"));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const value = fs.readFileSync(file, "utf8").trim();
  if (value.length < 16) {
    throw new Error(`The secret file ${file} is empty or damaged; delete it to generate a new one.`);
  }
  return value;
}

let authSecret: string | undefined;

/**
 * The signing secret for sessions and signed URLs: AUTH_SECRET, or one generated once into
 * `$DATA_DIR/secrets/auth-secret` so it survives restarts without configuration.
 */
export function getAuthSecret(): string {
  const env = getEnv();
  authSecret ??= env.AUTH_SECRET ?? readOrCreateSecret(env.DATA_DIR, "auth-secret", 48);
  return authSecret;
}
