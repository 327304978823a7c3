// `npm run routes`: every route of the production build and what it declares (server/page-table.ts,
// ADR 0050), as JSON: path, render mode, namespaces, body, sitemap, canonical, cache, console section.
// Tests and benchmarks iterate this instead of lists of their own. Builds first when there is no build.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const serverBuild = path.join(root, "build/server/index.js");

/** The route table of the build in `root` (built first when missing). */
export async function routeTable() {
  if (!fs.existsSync(serverBuild)) {
    const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (result.status !== 0) throw new Error(`the build failed (${result.status})`);
  }
  const build = await import(pathToFileURL(serverBuild).href);
  return build.routeTable();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.stdout.write(`${JSON.stringify(await routeTable(), null, 2)}\n`);
  process.exit(0);
}
