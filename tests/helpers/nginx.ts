import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEBIAN_PACKAGES, ensureDebianPackages } from "../../scripts/debian-packages.mjs";

/**
 * Runs Debian's nginx with the repository's deploy/nginx.conf, unchanged but for the
 * addresses: the upstream `server` lines point at the given ports, `listen` at a loopback port.
 * The access log records every upstream tried per request, so retries can be counted.
 */
export interface Nginx {
  url: string;
  /** One entry per request: method, path, status and the upstream statuses tried ("502, 200"). */
  accessLog(): Array<{ method: string; path: string; status: number; upstreams: string }>;
  stop(): Promise<void>;
}

export function renderSiteConfig(upstreamPorts: number[], listenPort: number) {
  const original = fs.readFileSync(path.resolve(import.meta.dirname, "../../deploy/nginx.conf"), "utf8");
  const serverLine = /^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;\n/gm;
  const first = [...original.matchAll(serverLine)][0];
  if (!first) throw new Error("deploy/nginx.conf has no upstream server line");
  const lines = upstreamPorts.map((port) => `${first[1]}server 127.0.0.1:${port}${first[2] ?? ""};\n`).join("");
  let replaced = false;
  const config = original.replace(serverLine, () => (replaced ? "" : ((replaced = true), lines)));
  if (!/^\s*listen 80;$/m.test(config)) throw new Error("deploy/nginx.conf has no `listen 80;` line");
  return config.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${listenPort};`);
}

export async function startNginx(upstreamPorts: number[], listenPort: number): Promise<Nginx> {
  ensureDebianPackages([DEBIAN_PACKAGES.nginx]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ipangel-nginx-"));
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) fs.mkdirSync(path.join(dir, sub));
  fs.writeFileSync(path.join(dir, "ipangel.conf"), renderSiteConfig(upstreamPorts, listenPort));
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format upstreams '$request_method $uri $status "$upstream_status"';
  access_log ${dir}/access.log upstreams;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/ipangel.conf;
}
`,
  );
  const child: ChildProcess = spawn("/usr/sbin/nginx", ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${listenPort}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(
        `nginx exited: ${output}${fs.existsSync(path.join(dir, "error.log")) ? fs.readFileSync(path.join(dir, "error.log"), "utf8") : ""}`,
      );
    const ok = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    accessLog() {
      const text = fs.existsSync(path.join(dir, "access.log")) ? fs.readFileSync(path.join(dir, "access.log"), "utf8") : "";
      return text
        .split("\n")
        .filter(Boolean)
        .map((line) => {
          const match = /^(\S+) (\S+) (\d+) "(.*)"$/.exec(line);
          return match
            ? { method: match[1], path: match[2], status: Number(match[3]), upstreams: match[4] }
            : { method: "", path: line, status: 0, upstreams: "" };
        });
    },
    stop() {
      return new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill("SIGTERM");
      });
    },
  };
}
