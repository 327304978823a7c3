import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEBIAN_PACKAGES, ensureDebianPackages } from "../../scripts/debian-packages.mjs";

/**
 * deploy/haproxy.cfg with Debian's HAProxy, only the addresses changed, in front of three
 * processes that answer like the product: `/healthz` 200 while they reach their database, 503
 * when not. Checks what the file promises (docs/deployment.md): active health checks take a
 * process out and bring it back, a GET is resent when a process drops it, a POST is not.
 */
interface Upstream {
  name: string;
  port: number;
  healthy: boolean;
  /** Requests to /drop: close the connection without an answer (a process dying mid-request). */
  dropping: boolean;
  seen: string[];
  server: http.Server;
}

async function startUpstream(name: string): Promise<Upstream> {
  const upstream = { name, healthy: true, dropping: false, seen: [] as string[] } as Upstream;
  upstream.server = http.createServer((req, res) => {
    if (req.url === "/healthz") {
      res.statusCode = upstream.healthy ? 200 : 503;
      return res.end(JSON.stringify({ status: upstream.healthy ? "ok" : "unavailable" }));
    }
    upstream.seen.push(`${req.method} ${req.headers["x-request"] ?? ""}`);
    if (req.url === "/drop" && upstream.dropping) return req.socket.destroy();
    req.resume();
    req.on("end", () => res.end(name));
  });
  await new Promise<void>((resolve) => upstream.server.listen(0, "127.0.0.1", resolve));
  upstream.port = (upstream.server.address() as AddressInfo).port;
  return upstream;
}

function renderConfig(ports: number[], listenPort: number) {
  const original = fs.readFileSync(path.resolve(import.meta.dirname, "../../deploy/haproxy.cfg"), "utf8");
  const serverLines = [...original.matchAll(/^(\s*)server p\d+ 127\.0\.0\.1:\d+(.*)$/gm)];
  expect(serverLines).toHaveLength(3);
  let index = 0;
  const config = original.replace(/^(\s*)server p\d+ 127\.0\.0\.1:\d+(.*)$/gm, (_, indent: string, rest: string) => {
    const port = ports[index];
    index += 1;
    return `${indent}server p${index} 127.0.0.1:${port}${rest}`;
  });
  expect(config).toMatch(/^\s*bind :80$/m);
  return config.replace(/^(\s*)bind :80$/m, `$1bind 127.0.0.1:${listenPort}`);
}

async function freePort() {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe("deploy/haproxy.cfg", () => {
  let upstreams: Upstream[] = [];
  let haproxy: ChildProcess | undefined;
  let output = "";
  let site = "";
  let dir = "";

  beforeAll(async () => {
    ensureDebianPackages([DEBIAN_PACKAGES.haproxy]);
    upstreams = await Promise.all(["p1", "p2", "p3"].map(startUpstream));
    const port = await freePort();
    site = `http://127.0.0.1:${port}`;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "ipangel-haproxy-"));
    const file = path.join(dir, "haproxy.cfg");
    fs.writeFileSync(
      file,
      renderConfig(
        upstreams.map((upstream) => upstream.port),
        port,
      ),
    );
    haproxy = spawn("/usr/sbin/haproxy", ["-db", "-f", file], { stdio: ["ignore", "pipe", "pipe"] });
    haproxy.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    haproxy.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    // Until HAProxy listens (no expect.poll outside a test).
    for (let attempt = 0; attempt < 300; attempt += 1) {
      if ((await fetch(`${site}/who`).catch(() => undefined))?.status === 200) return;
      if (haproxy.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`HAProxy did not start:\n${output}`);
  });

  afterAll(async () => {
    haproxy?.kill("SIGTERM");
    await Promise.all(upstreams.map((upstream) => new Promise((resolve) => upstream.server.close(resolve))));
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function answers(count: number, init: RequestInit = {}, url = "/who") {
    const names: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const response = await fetch(`${site}${url}`, init);
      names.push(response.status === 200 ? await response.text() : String(response.status));
    }
    return names;
  }

  it("checks every process on /healthz: a process answering 503 gets no requests until it answers 200 again", async () => {
    await expect.poll(async () => new Set(await answers(6)).size, { timeout: 30_000 }).toBe(3);
    // p2 lost its database: it still accepts connections, but its /healthz says 503.
    upstreams[1].healthy = false;
    await expect.poll(async () => (await answers(6)).includes("p2"), { timeout: 30_000 }).toBe(false);
    const meanwhile = await answers(12);
    expect(meanwhile).not.toContain("p2");
    expect(new Set(meanwhile)).toEqual(new Set(["p1", "p3"]));
    upstreams[1].healthy = true;
    await expect.poll(async () => (await answers(6)).includes("p2"), { timeout: 30_000 }).toBe(true);
  }, 120_000);

  it("resends a GET that a process dropped, but never a POST that reached one", async () => {
    upstreams[0].dropping = true;
    try {
      const gets = await answers(9, {}, "/drop");
      expect(gets.every((name) => name === "p2" || name === "p3")).toBe(true);

      const statuses: Array<{ id: string; status: number }> = [];
      for (let index = 0; index < 9; index += 1) {
        const id = `post-${index}`;
        // The visitor gets a 502, or the connection closed (HAProxy mirrors a dropped reused connection).
        const response = await fetch(`${site}/drop`, { method: "POST", body: "x", headers: { "x-request": id } }).catch(() => undefined);
        statuses.push({ id, status: response?.status ?? 0 });
      }
      const failed = statuses.filter((entry) => entry.status !== 200);
      // Round robin sends some POSTs to p1, which drops them: they fail and are not sent elsewhere.
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.every((entry) => entry.status === 502 || entry.status === 0)).toBe(true);
      for (const { id } of failed) {
        expect(upstreams[0].seen).toContain(`POST ${id}`);
        expect([...upstreams[1].seen, ...upstreams[2].seen]).not.toContain(`POST ${id}`);
      }
    } finally {
      upstreams[0].dropping = false;
    }
  }, 120_000);
});
