/**
 * Runs a TypeScript module of the app in a plain Node process the way Vite builds it (path
 * aliases, `import.meta.glob` of the locales): `node tests/helpers/vite-run.mjs FILE.ts ARGS...`.
 * Used by tests that need the app's server code in separate OS processes (child-worker.ts).
 */
import path from "node:path";
import { createServer, createServerModuleRunner } from "vite";

const root = path.resolve(import.meta.dirname, "../..");
const server = await createServer({
  root,
  configFile: false,
  appType: "custom",
  logLevel: "error",
  resolve: { tsconfigPaths: true },
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
const [file, ...args] = process.argv.slice(2);
process.argv = [process.argv[0], file, ...args];
await runner.import(path.resolve(root, file));
