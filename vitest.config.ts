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
      // A db worker runs its files one after another in one process (ADR 0087): packages load once, and
      // the worker set-up re-imports the app for each file (`vi.resetModules()`), so no file sees
      // another's module state. System files keep a process each: they start servers and children.
      { extends: true, test: { name: "db", include: files(".db.test"), isolate: false, ...withDatabase } },
      { extends: true, test: { name: "system", include: files(".system.test"), ...withDatabase } },
    ],
  },
});
