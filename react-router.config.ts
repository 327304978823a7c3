import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Loaders and actions get the request as it came (React Router 8's behaviour). Without it every
    // loader gets two fresh copies, so per-request caches keyed by the Request (the session lookup in
    // session.server.ts) missed: a signed-in page looked the session up once per loader (ADR 0026).
    // A data request's URL ends in `.data` and may carry `_routes`/`index`: the `url` argument of a
    // loader is the normalized one.
    v8_passThroughRequests: true,
  },
} satisfies Config;
