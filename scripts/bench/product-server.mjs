// Starts the production build (`node server.js`) on a free loopback port with a throw-away
// DATA_DIR and no demo media, for the page benchmarks. Builds first when there is no build.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

/** A port free on loopback right now (the system picks it; the caller binds it soon after). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitForHealthy(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server at ${url} was not healthy within ${timeoutMs} ms`);
}

/** The production server on a throw-away DATA_DIR; `env` adds to (or overrides) its environment. */
export async function startServer(env = {}) {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    console.log("No production build: building first");
    const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
      cwd: root,
      stdio: "inherit",
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ipangel-bench-"));
  fs.chmodSync(dataDir, 0o711);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: process.env.SEED_DEMO ?? "0",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  try {
    await waitForHealthy(url, child);
  } catch (error) {
    console.error(output.slice(-3000));
    throw error;
  }
  return {
    url,
    pid: child.pid,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A throw-away account on the server at `url`, signed up the way the form posts without JavaScript;
 * returns its session cookie as `name=value` (for /profile and other signed-in pages). The server must run
 * with REQUIRE_EMAIL_CONFIRMATION=false (otherwise sign-up gives no session).
 */
export async function signUpForBench(url) {
  const response = await fetch(`${url}/auth`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
    body: new URLSearchParams({
      intent: "signup",
      js: "1",
      username: "bench",
      customerType: "private",
      email: `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      password: "bench-password-1",
      acceptTerms: "on",
      acceptPrivacy: "on",
    }),
    redirect: "manual",
  });
  const cookie = response.headers.getSetCookie().find((value) => value.includes("session_token="));
  if (!cookie) throw new Error(`sign-up failed: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return cookie.split(";")[0];
}
