import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withDatabase } from "../helpers/e2e-server";
import { makeDataDir, startProductServer } from "../helpers/product-server";

/**
 * The operator's view of the process: crash recovery, clean shutdown, bad configuration. Each test starts
 * the built server (`npx react-router build` first) with a DATA_DIR and embedded database of its own.
 */

function postgresPidsOf(dataDir: string) {
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const commandLine = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (commandLine.some((part) => part.endsWith("/postgres")) && commandLine.includes(path.join(dataDir, "pg"))) {
        pids.push(Number(entry));
      }
    } catch {
      // process ended meanwhile
    }
  }
  return pids;
}

/** A start ends at once when the process exits; only a machine busy with other work (a load of 15 to 20 on 2 cores) needs minutes. */
const timeoutMs = 180_000;

describe("server lifecycle", { timeout: 2 * timeoutMs }, () => {
  const env = { SEED_DEMO: "0" };

  it("survives kill -9 with every committed row, and stops cleanly on SIGTERM", async () => {
    const dataDir = makeDataDir("ipangel-lifecycle-");
    try {
      const first = await startProductServer({ dataDir, env, timeoutMs });
      await withDatabase(dataDir, (client) => client.query("insert into categories (name) values ('Committed before the crash')"));
      await first.stop("SIGKILL");

      // The restart replays PostgreSQL's write-ahead log; how long that takes depends on the machine (no timed assertion).
      const second = await startProductServer({ dataDir, env, timeoutMs });
      const names = await withDatabase(dataDir, async (client) => (await client.query("select name from categories")).rows);
      expect(names).toEqual([{ name: "Committed before the crash" }]);
      expect((await fetch(`${second.url}/`)).status).toBe(200);

      const code = await second.stop("SIGTERM");
      expect(code).toBe(0);
      expect(postgresPidsOf(dataDir)).toEqual([]);
      expect(fs.statSync(path.join(dataDir, "secrets", "auth-secret")).mode & 0o777).toBe(0o600);
    } finally {
      for (const pid of postgresPidsOf(dataDir)) process.kill(pid, "SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("under `npm start`, a SIGTERM sent to npm alone still stops the server and its database cleanly", async () => {
    const dataDir = makeDataDir("ipangel-lifecycle-npm-");
    try {
      const server = await startProductServer({ dataDir, env, viaNpm: true, timeoutMs });
      expect(postgresPidsOf(dataDir)).toHaveLength(1);
      // npm exits at once without passing the signal on (npm/run-script#142); the server notices.
      await server.stop("SIGTERM");
      await expect.poll(() => server.output(), { timeout: 30_000 }).toContain("Stopped cleanly");
      expect(server.output()).toContain("npm (the parent process) exited: finishing requests in flight, then stopping");
      await expect.poll(() => postgresPidsOf(dataDir), { timeout: 30_000 }).toEqual([]);
      await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    } finally {
      for (const pid of postgresPidsOf(dataDir)) process.kill(pid, "SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("a port in use: a clear message, exit 1, and the embedded database stopped again", async () => {
    const dataDir = makeDataDir("ipangel-lifecycle-port-");
    // Another program holds the port (it accepts connections and answers nothing).
    const holder = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const port = (holder.address() as net.AddressInfo).port;
    try {
      const attempt = startProductServer({ dataDir, env, port, timeoutMs });
      await expect(attempt).rejects.toThrow(
        `Cannot listen on 127.0.0.1:${port}: another program is already listening on it; stop it or choose another port with PORT`,
      );
      expect(postgresPidsOf(dataDir)).toEqual([]);
    } finally {
      holder.close();
      for (const pid of postgresPidsOf(dataDir)) process.kill(pid, "SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("refuses a bad configuration with a message naming the variable", async () => {
    const attempt = startProductServer({ env: { ...env, PORT: "not-a-port" }, port: 0, timeoutMs });
    await expect(attempt).rejects.toThrow(/PORT: must be a port number/);
  });
});
