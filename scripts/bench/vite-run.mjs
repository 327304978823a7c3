/**
 * Runs a TypeScript script the way the tests load the app's code: through Vite's module runner,
 * which knows `~/` paths and `import.meta.glob` (app/lib/i18n.ts), neither of which `tsx` does.
 * `node scripts/bench/vite-run.mjs scripts/bench/media-bench.ts`
 */
import path from "node:path";
import { createServer, createServerModuleRunner } from "vite";

const [file] = process.argv.slice(2);
if (!file) throw new Error("Usage: node scripts/bench/vite-run.mjs <script.ts>");
const server = await createServer({
  configFile: false,
  logLevel: "warn",
  appType: "custom",
  resolve: { tsconfigPaths: true },
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
});
const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
try {
  await runner.import(path.resolve(file));
} finally {
  await runner.close();
  await server.close();
}
