import { defineConfig } from "vitest/config";

/**
 * Three tiers, told apart by the file name (ADR 0047):
 * - `unit`: `*.test.ts(x)`, no PostgreSQL; a call into the database fails and names the rule.
 * - `db`: `*.db.test.ts(x)`, one PostgreSQL for the run (embedded, or `TEST_DATABASE_URL`), a
 *   migrated database per worker.
 * - `system`: `*.system.test.ts`, the same database plus what runs outside this process: the built
 *   server, child processes, Ceph's object store, HAProxy, PostgreSQL clusters of their own, the fuzz test.
 */
const ROOTS = ["app", "server", "scripts", "tests"];
const files = (suffix: string) => ROOTS.map((root) => `${root}/**/*${suffix}.{ts,tsx}`);
const withDatabase = {
  globalSetup: ["tests/helpers/vitest-global-setup.ts"],
  setupFiles: ["tests/helpers/vitest-worker-setup.ts"],
};

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: files(".test"),
          exclude: [...files(".db.test"), ...files(".system.test"), "tests/e2e/**"],
          setupFiles: ["tests/helpers/vitest-unit-setup.ts"],
          isolate: false,
        },
      },
      // db files get fresh modules each: the job workers, the file probe's child and the env are
      // module state that one file's set-up and teardown must not hand to the next.
      { extends: true, test: { name: "db", include: files(".db.test"), ...withDatabase } },
      { extends: true, test: { name: "system", include: files(".system.test"), ...withDatabase } },
    ],
  },
});
