import fs from "node:fs";
import path from "node:path";
import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  /**
   * With lazy route discovery (the default) the browser never loads the full route manifest
   * file (`assets/manifest-<version>.js`): pages carry the routes they match and fetch more from
   * /__manifest. The file would list the operator console's routes to anyone, so it is removed
   * (ADR 0020: the console must not reveal that it exists).
   */
  async buildEnd({ reactRouterConfig }) {
    const assets = path.join(reactRouterConfig.buildDirectory, "client", "assets");
    for (const name of fs.existsSync(assets) ? fs.readdirSync(assets) : []) {
      if (/^manifest-[\w-]+\.js$/.test(name)) fs.rmSync(path.join(assets, name));
    }
  },
  future: {
    // Loaders and actions get the request as it came (React Router 8's behaviour). Without it every
    // loader gets two fresh copies, so per-request caches keyed by the Request (the session lookup in
    // session.server.ts) missed: a signed-in page looked the session up once per loader (ADR 0026).
    // A data request's URL ends in `.data` and may carry `_routes`/`index`: the `url` argument of a
    // loader is the normalized one.
    v8_passThroughRequests: true,
  },
} satisfies Config;
