import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { getEnv, setEnvForTesting } from "~/lib/env.server";
import { resetDatabase } from "../../../tests/helpers/database";
import { writeMediaFixtures } from "../../../tests/helpers/media-fixtures";
import { seedDemoMedia } from "./seed.server";

const count = async () => (await db().execute<{ n: number }>(sql`select count(*)::int as n from media_items`)).rows[0].n;

describe("demo media seeding at start-up", () => {
  const original = getEnv();
  beforeEach(resetDatabase);
  afterEach(() => setEnvForTesting(original));

  it("loads the manifest into an empty library, once", async () => {
    const { manifestPath } = await writeMediaFixtures(fs.mkdtempSync(path.join(os.tmpdir(), "seed-")));
    setEnvForTesting({ ...original, SEED_DEMO: true });
    await seedDemoMedia(manifestPath);
    expect(await count()).toBe(6);
    await db().execute(sql`delete from media_items where title = 'Logo pack'`);
    await seedDemoMedia(manifestPath);
    // Not empty: nothing is re-added (an operator's deletions stay deleted).
    expect(await count()).toBe(5);
  });

  it("does nothing with SEED_DEMO=0 or without a manifest", async () => {
    const { manifestPath } = await writeMediaFixtures(fs.mkdtempSync(path.join(os.tmpdir(), "seed-")));
    setEnvForTesting({ ...original, SEED_DEMO: false });
    await seedDemoMedia(manifestPath);
    expect(await count()).toBe(0);
    setEnvForTesting({ ...original, SEED_DEMO: true });
    await seedDemoMedia(path.join(os.tmpdir(), "no-such-dir", "manifest.json"));
    expect(await count()).toBe(0);
  });
});
