import { closeDatabase, openDatabase } from "~/lib/db.server";
import { parseEnv, setEnvForTesting } from "~/lib/env.server";
import { insertGeneratedMedia } from "./media-data";
const dataDir = process.argv[2]!;
setEnvForTesting(parseEnv({ DATA_DIR: dataDir, AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123456789", LOG_LEVEL: "warn", SEED_DEMO: "0" }));
await openDatabase({ poolSize: 4 });
await insertGeneratedMedia(100_000);
await closeDatabase();
console.log("done");
