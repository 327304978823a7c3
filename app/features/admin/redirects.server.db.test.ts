import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, redirects } from "~/db/schema";
import { CHANNEL, startChangeListener, stopChangeListener } from "~/lib/change-bus.server";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { createRedirectTable, REDIRECTS_TOPIC } from "~/lib/redirects.server";
import { answerOf, formPost, garbagePost } from "../../../tests/helpers/console-actions";
import { resetDatabase } from "../../../tests/helpers/database";
import { sourcePageTable } from "../../../tests/helpers/page-table";
import { redirectsAction } from "./redirect-actions.server";
import { addRedirect, deleteRedirect, listRedirects } from "./redirects.server";
import { nextChange } from "../../../tests/helpers/change-bus";

/**
 * Redirects from old paths (ADR 0055): every rule checked by the server function and its action
 * (not only the form), the audit trail, and the guard's in-memory table in several processes: two
 * tables stand for two processes, neither told directly; the change reaches them over the bus.
 */
const actor = { id: "admin-1", email: "admin@ipangel.test", name: "Admin", role: "admin" as const };
const pages = await sourcePageTable();
const isPagePath = (path: string) => pages.isPagePath(path);
const add = (from: unknown, target: unknown) => addRedirect(actor, { from, target }, isPagePath);
const post = (intent: string, values: Record<string, string> = {}) =>
  redirectsAction(formPost("/admin/redirects", intent, values), actor, isPagePath).then(answerOf);

describe("redirects in the console", () => {
  beforeEach(resetDatabase);

  it("adds one in the canonical form, lists it and audits it", async () => {
    expect(await add(" /Alte-Seite/ ", "/about#team")).toEqual({ ok: true, message: "admin.redirects.added" });
    expect(await listRedirects()).toMatchObject([{ from: "/alte-seite", target: "/about#team", createdBy: actor.email }]);
    const [entry] = await db().select().from(auditLog);
    expect(entry).toMatchObject({
      action: "redirect.create",
      entity: "redirect",
      actorEmail: actor.email,
      changes: { from: { before: null, after: "/alte-seite" }, target: { before: null, after: "/about#team" } },
    });
  });

  it("refuses a page of the site, a reserved door, another site and the old path as its own target", async () => {
    for (const from of ["/about", "/ABOUT/", "/media", "/sitemap.xml", "/newsletter/confirm"]) {
      expect(await add(from, "/consulting"), from).toEqual({ ok: false, status: 400, fields: { from: "admin.redirects.errors.fromPage" } });
    }
    for (const from of ["/", "/admin/x", "/Auth", "/api/media/x/download", "/files/x", "/assets/x.js", "/healthz"]) {
      expect(await add(from, "/about"), from).toEqual({ ok: false, status: 400, fields: { from: "admin.redirects.errors.fromReserved" } });
    }
    for (const target of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "data:,x", "/a\u0007"]) {
      expect(await add("/old", target), target).toEqual({
        ok: false,
        status: 400,
        fields: { target: "admin.redirects.errors.targetInvalid" },
      });
    }
    expect(await add("/old", "/OLD/?x=1")).toEqual({ ok: false, status: 400, fields: { target: "admin.redirects.errors.same" } });
    expect(await db().select().from(redirects)).toEqual([]);
  });

  it("refuses a loop through the stored redirects, however long, and an old path twice", async () => {
    expect((await add("/a", "/b")).ok).toBe(true);
    expect(await add("/b", "/A/")).toEqual({ ok: false, status: 409, fields: { target: "admin.redirects.errors.loop" } });
    expect((await add("/b", "/c")).ok).toBe(true);
    expect(await add("/c", "/a?from=c")).toEqual({ ok: false, status: 409, fields: { target: "admin.redirects.errors.loop" } });
    expect((await add("/c", "/about")).ok).toBe(true);
    expect(await add("/B", "/contact")).toEqual({ ok: false, status: 409, fields: { from: "admin.redirects.errors.exists" } });
    expect((await listRedirects()).map((row) => `${row.from}→${row.target}`)).toEqual(["/a→/b", "/b→/c", "/c→/about"]);
  });

  it("deletes one and audits it; a made-up id is not found", async () => {
    await add("/old", "/about");
    const [row] = await listRedirects();
    expect(await deleteRedirect(actor, row!.id)).toEqual({ ok: true, message: "admin.redirects.deleted" });
    expect(await listRedirects()).toEqual([]);
    for (const id of [row!.id, "0", "-1", "1e3", "<script>", "9".repeat(40), 7]) {
      expect(await deleteRedirect(actor, id)).toEqual({ ok: false, status: 404, error: "admin.errors.notFound" });
    }
    expect((await db().select().from(auditLog)).map((entry) => entry.action).sort()).toEqual(["redirect.create", "redirect.delete"]);
  });

  it("the action answers garbage, huge and missing fields with a 400 and a message per field, never a 5xx", async () => {
    expect((await redirectsAction(garbagePost("/admin/redirects"), actor, isPagePath).then(answerOf)).status).toBe(400);
    expect((await post("no-such-intent")).status).toBe(400);
    const missing = await post("add", { from: "", target: " " });
    expect(missing.status).toBe(400);
    expect(missing.body.result.error).toEqual({
      from: ["admin.redirects.errors.fromRequired"],
      target: ["admin.redirects.errors.targetRequired"],
    });
    const huge = await post("add", { from: `/${"a".repeat(60_000)}`, target: `/${"b".repeat(60_000)}` });
    expect(huge.status).toBe(400);
    expect(huge.body.result.error).toEqual({ from: ["admin.redirects.errors.tooLong"], target: ["admin.redirects.errors.tooLong"] });
    const loop = await post("add", { from: "/x", target: "/x/" });
    expect(loop).toMatchObject({ status: 400, body: { ok: false, result: { error: { target: ["admin.redirects.errors.same"] } } } });
    expect(await post("add", { from: "/x", target: "/about" })).toMatchObject({
      status: 200,
      body: { ok: true, message: "admin.redirects.added" },
    });
    expect((await post("delete", { id: "not-a-number" })).status).toBe(404);
    expect(await db().select().from(redirects)).toHaveLength(1);
  });
});

describe("the guard's redirects in several processes", () => {
  let other: pg.Client;
  beforeAll(async () => {
    await startChangeListener();
    other = new pg.Client({ connectionString: getEnv().DATABASE_URL });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await stopChangeListener();
  });
  beforeEach(resetDatabase);

  it("a redirect added in one process is served by every other as soon as the change arrives, and gone when deleted", async () => {
    const first = createRedirectTable();
    const second = createRedirectTable();
    try {
      await Promise.all([first.load(), second.load()]);
      expect(second.find("/old")).toBeUndefined();

      // Subscribed after both tables: when it hears the change, both tables have started loading.
      let delivered = nextChange(REDIRECTS_TOPIC);
      await add("/old", "/about");
      await delivered;
      await Promise.all([first.settled(), second.settled()]);
      for (const table of [first, second]) {
        expect(table.find("/old")).toEqual({ target: "/about" });
        expect(table.find("/OLD/")).toEqual({ target: "/about" });
      }

      // A change by another process: its own connection writes and announces.
      delivered = nextChange(REDIRECTS_TOPIC);
      await other.query("begin");
      await other.query("delete from redirects");
      await other.query("select pg_notify($1, $2)", [CHANNEL, REDIRECTS_TOPIC]);
      await other.query("commit");
      await delivered;
      await second.settled();
      expect(second.find("/old")).toBeUndefined();
    } finally {
      first.stop();
      second.stop();
    }
  });

  it("a load that was under way when a newer change arrived does not overwrite the newer one", async () => {
    const table = createRedirectTable();
    try {
      await table.load();
      const delivered = nextChange(REDIRECTS_TOPIC);
      const early = table.load();
      await add("/early", "/about");
      await Promise.all([early, delivered]);
      await table.settled();
      expect(table.find("/early")).toEqual({ target: "/about" });
    } finally {
      table.stop();
    }
  });
});
