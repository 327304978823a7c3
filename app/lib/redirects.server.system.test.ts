import { afterEach, beforeAll, afterAll, describe, expect, it } from "vitest";
import { addRedirect, deleteRedirect, listRedirects } from "~/features/admin/redirects.server";
import { startChildWorker, type ChildWorker } from "../../tests/helpers/child-worker";
import { resetDatabase } from "../../tests/helpers/database";
import { startChangeListener, stopChangeListener } from "./change-bus.server";

/**
 * The guard's redirects in several server processes (ADR 0055): another OS process
 * (tests/helpers/cluster-worker.ts, mode `redirects`) starts them as the server does and reports what
 * it would serve for a path; this process adds and deletes through the console's server functions.
 * Nothing tells the other process but the change bus.
 */
const admin = { id: "admin-1", email: "admin@ipangel.test", name: "Admin", role: "admin" as const };

describe("redirects in several processes", () => {
  let worker: ChildWorker | undefined;
  beforeAll(async () => {
    await resetDatabase();
    await startChangeListener();
  });
  afterAll(stopChangeListener);
  afterEach(async () => {
    await worker?.stop("SIGKILL");
    worker = undefined;
  });

  it("a redirect added in one process is served by another as soon as it commits, and gone when deleted", async () => {
    worker = await startChildWorker("redirects", { REDIRECT_PROBE: "/Alte-Seite/" });
    await worker.waitFor(/^SERVES none$/);
    let started = performance.now();
    expect(await addRedirect(admin, { from: "/alte-seite", target: "/about" }, () => false)).toMatchObject({ ok: true });
    await worker.waitFor(/^SERVES \/about$/);
    const added = performance.now() - started;
    started = performance.now();
    expect(await deleteRedirect(admin, (await listRedirects())[0]!.id)).toMatchObject({ ok: true });
    const last = () => worker!.output().trim().split("\n").at(-1);
    await expect.poll(last, { timeout: 30_000 }).toBe("SERVES none");
    console.info(
      `redirects: served by the other process ${added.toFixed(0)} ms after the add began, gone ${(performance.now() - started).toFixed(0)} ms after the delete began`,
    );
  }, 120_000);
});
