import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, vi } from "vitest";
import { parseEnv, setEnvForTesting } from "../../app/lib/env.server";

/**
 * The unit tier (`*.test.ts`): no PostgreSQL. Every way into the database fails at once with a
 * message that says where such a test belongs, so a unit test cannot reach a database by accident
 * (nor hang waiting for one). A temporary DATA_DIR and a parsed test environment, as in the db tier.
 */
const NEEDS_DATABASE = "this test needs the database: name it *.db.test.ts";

vi.mock(import("../../app/lib/db.server"), async (importOriginal) => {
  const original = await importOriginal();
  const refuse = () => {
    throw new Error(NEEDS_DATABASE);
  };
  return {
    ...original,
    db: refuse,
    preparedQuery: refuse,
    openDatabase: async () => refuse(),
    acquireListenClient: async () => refuse(),
    isDatabaseOpen: () => false,
  };
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ipangel-unit-data-"));

beforeAll(() => {
  setEnvForTesting(
    parseEnv({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
      LOG_LEVEL: "warn",
    }),
  );
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});
