import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { createAccount, createConsoleAccount, runAdmin, signedInRequest, userIdOf, visitorRequest } from "../helpers/console";
import { canUse, type ConsoleSection } from "../../app/features/admin/access";
import { e2eDataDir, withDatabase } from "../helpers/e2e-server";
import { routeTable } from "../helpers/routes";

/**
 * Who may use the operator console (issue 11): the whole matrix of visitor, user, editor and
 * admin × every console page, data request, action and file route. Everyone without the role
 * for a part gets exactly what an unknown path gets (status, headers that matter, body), so the
 * console does not reveal that it exists. A role is taken away with `npm run admin`, as an operator would
 * (its commands are tested in scripts/admin-command.db.test.ts).
 */
type Audience = "visitor" | "user" | "editor" | "admin";

const allowed = (audience: Audience, section: ConsoleSection) =>
  (audience === "admin" || audience === "editor") && canUse(audience, section);

/** Every console page (GET; also its `.data` request). The `:name` parts are filled in from `ids`. */
const PAGES: Array<{ path: string; section: ConsoleSection }> = [
  { path: "/admin", section: "overview" },
  { path: "/admin/audit", section: "audit" },
  { path: "/admin/settings", section: "settings" },
  { path: "/admin/inbox", section: "inbox" },
  { path: "/admin/inbox/:message", section: "inbox" },
  { path: "/admin/members", section: "members" },
  { path: "/admin/members/:member", section: "members" },
  { path: "/admin/media", section: "media" },
  { path: "/admin/media/new", section: "media" },
  { path: "/admin/media/:item", section: "media" },
  { path: "/admin/categories", section: "categories" },
  { path: "/admin/numbers", section: "numbers" },
  { path: "/admin/analytics", section: "analytics" },
  { path: "/admin/media/new-service", section: "media" },
  { path: "/admin/newsletter", section: "newsletter" },
  { path: "/admin/newsletter/issues", section: "newsletter" },
  { path: "/admin/newsletter/issues/:issue", section: "newsletter" },
  { path: "/admin/news", section: "news" },
  { path: "/admin/news/:news", section: "news" },
  { path: "/admin/launches", section: "launches" },
  { path: "/admin/retention", section: "retention" },
  { path: "/admin/data-requests", section: "data-requests" },
  { path: "/admin/redirects", section: "redirects" },
  { path: "/admin/pages", section: "pages" },
  { path: "/admin/pages/:page", section: "pages" },
  { path: "/admin/pages/:page/history", section: "pages" },
  { path: "/admin/translations", section: "pages" },
  { path: "/admin/system", section: "system" },
  { path: "/admin/outbox", section: "outbox" },
  { path: "/admin/backups", section: "backups" },
];

/** Every console action, posted with an intent no handler knows (allowed: 400, nothing changes). */
const ACTIONS: Array<{ path: string; section: ConsoleSection }> = [
  { path: "/admin/settings", section: "settings" },
  // Invitations to the console (ADR 0074).
  { path: "/admin/members", section: "members" },
  { path: "/admin/inbox/:message", section: "inbox" },
  { path: "/admin/members/:member", section: "members" },
  { path: "/admin/media", section: "media" },
  { path: "/admin/media/:item", section: "media" },
  { path: "/admin/categories", section: "categories" },
  { path: "/admin/media/new-service", section: "media" },
  { path: "/admin/launches", section: "launches" },
  { path: "/admin/retention", section: "retention" },
  { path: "/admin/data-requests", section: "data-requests" },
  { path: "/admin/redirects", section: "redirects" },
  { path: "/admin/newsletter", section: "newsletter" },
  { path: "/admin/newsletter/issues", section: "newsletter" },
  { path: "/admin/newsletter/issues/:issue", section: "newsletter" },
  { path: "/admin/news/:news", section: "news" },
  { path: "/admin/pages/:page", section: "pages" },
  { path: "/admin/pages/:page/history", section: "pages" },
  { path: "/admin/translations", section: "pages" },
  { path: "/admin/outbox", section: "outbox" },
  { path: "/admin/backups", section: "backups" },
];

/** Resource routes (files, uploads): method and what an allowed caller gets for an empty request. */
const FILES: Array<{ path: string; section: ConsoleSection; method: "GET" | "POST" | "PUT"; allowedStatus: number[] }> = [
  // The older address of the subscribers' export: a permanent redirect to /admin/newsletter/export.csv (ADR 0029).
  { path: "/admin/members/newsletter.csv", section: "members", method: "GET", allowedStatus: [308] },
  { path: "/admin/newsletter/export.csv", section: "newsletter", method: "GET", allowedStatus: [200] },
  { path: "/admin/launches/export.csv", section: "launches", method: "GET", allowedStatus: [200] },
  // Without an address the export goes back to the page, which names the problem (ADR 0084).
  { path: "/admin/data-requests/export", section: "data-requests", method: "POST", allowedStatus: [302] },
  { path: "/admin/analytics/export.csv?table=pages&days=7", section: "analytics", method: "GET", allowedStatus: [200] },
  // A recorded backup whose file lies outside the console's backup folder: not found, never read.
  { path: "/admin/backups/:backup/file", section: "backups", method: "GET", allowedStatus: [404] },
  // A language's texts for a translator (ADR 0062).
  {
    path: "/admin/translations/export?language=es&page=home&text=published&format=json",
    section: "pages",
    method: "GET",
    allowedStatus: [200],
  },
  // Without a file name the upload is refused before anything is read.
  { path: "/admin/media/upload", section: "media", method: "POST", allowedStatus: [400] },
  { path: "/admin/media/:item/file", section: "media", method: "POST", allowedStatus: [400] },
];

const contexts = {} as Record<Audience, APIRequestContext>;
const emails = {} as Record<Audience, string>;
const ids: Record<string, string> = { member: "", item: "", message: "", issue: "", news: "", backup: "", page: "privacy" };

function fill(path: string) {
  return path.replace(/:([a-z]+)/g, (_, name: string) => ids[name] ?? `:${name}`);
}

const UNKNOWN_PREFIX = "/zz-no-such-page";

/**
 * The unknown path of the same shape: outside the console for people without a role; for an
 * editor (who knows the console exists) an unknown path inside it.
 */
function twinOf(path: string, audience: Audience) {
  if (audience === "editor") {
    const from = /^\/admin\/[^/.]+/.exec(path)![0];
    return { from, to: "/admin/zz-no-such-page" };
  }
  return { from: "/admin", to: UNKNOWN_PREFIX };
}

async function send(context: APIRequestContext, method: string, path: string) {
  const options = { maxRedirects: 0, failOnStatusCode: false };
  if (method === "GET") return context.get(path, options);
  return context.fetch(path, { ...options, method, form: method === "POST" ? { intent: "no-such-intent" } : undefined });
}

/** The answer is the same as for an unknown path of the same shape (same status, body, caching). */
async function expectUnknownPath(
  context: APIRequestContext,
  method: string,
  path: string,
  response: APIResponse,
  audience: Audience = "visitor",
) {
  const { from, to } = twinOf(path, audience);
  const twin = await send(context, method, path.replace(from, to));
  expect(response.status(), `${method} ${path}`).toBe(twin.status());
  expect(response.headers()["cache-control"], `${method} ${path} cache-control`).toBe(twin.headers()["cache-control"]);
  expect(response.headers()["x-robots-tag"], `${method} ${path} x-robots-tag`).toBe(twin.headers()["x-robots-tag"]);
  // Every answer has its own Content-Security-Policy nonce; everything else must be the same.
  // Each answer has its own nonce and, on an error page, its own request id: the rest must be the same.
  const withoutNonces = (html: string) =>
    html
      .replace(/nonce="[^"]*"/g, 'nonce=""')
      .replace(/data-request-id="[^"]*"/g, 'data-request-id=""')
      .replace(/<code class="font-mono">[0-9a-f]{16}<\/code>/g, '<code class="font-mono"></code>');
  const body = withoutNonces((await response.text()).replaceAll(from, to));
  expect(body, `${method} ${path} body`).toBe(withoutNonces(await twin.text()));
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // `npm run admin` starts a tsx process per call: slow on a busy machine.
  test.setTimeout(240_000);
  emails.user = await createAccount("console-user");
  emails.editor = await createConsoleAccount("console-editor", "editor");
  emails.admin = await createConsoleAccount("console-admin", "admin");
  contexts.visitor = await visitorRequest();
  contexts.user = await signedInRequest(emails.user);
  contexts.editor = await signedInRequest(emails.editor);
  contexts.admin = await signedInRequest(emails.admin);
  ids.member = await userIdOf(emails.user);
  ids.message = await withDatabase(e2eDataDir(), async (client) => {
    const { rows } = await client.query<{ id: string }>(
      "insert into contact_messages (name, email, subject, message) values ('Matrix', 'matrix@example.com', 'Matrix', 'A message for the door test') returning id",
    );
    return rows[0]!.id;
  });
  await withDatabase(e2eDataDir(), async (client) => {
    const first = async (query: string) => (await client.query<{ id: string }>(query)).rows[0]!.id;
    ids.item = await first("insert into media_items (title, file_type) values ('Matrix door service', 'services') returning id");
    ids.issue = await first("insert into newsletter_issues (slug) values ('matrix-door-issue') returning id");
    ids.news = await first("insert into news_posts default values returning id::text as id");
    ids.backup = await first(
      "insert into backup_runs (kind, location, started_at) values ('backup', '/etc/passwd', now()) returning id::text as id",
    );
  });
});

test.afterAll(async () => {
  for (const context of Object.values(contexts)) await context.dispose();
});

test.describe("the console's doors", () => {
  test("the matrix holds every console route the build has, and every console action", () => {
    const shape = (path: string) => path.split("?")[0]!.replace(/:[a-z]+/gi, ":param");
    const doors = [...PAGES, ...ACTIONS, ...FILES].map((door) => shape(door.path));
    const posted = [...ACTIONS.map((door) => door.path), ...FILES.filter((door) => door.method !== "GET").map((door) => door.path)].map(
      shape,
    );
    const routes = routeTable().filter((route) => route.console !== null);
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map((route) => shape(route.path)).filter((path) => !doors.includes(path))).toEqual([]);
    expect(
      routes
        .filter((route) => route.action)
        .map((route) => shape(route.path))
        .filter((path) => !posted.includes(path)),
    ).toEqual([]);
  });

  for (const audience of ["visitor", "user", "editor", "admin"] as const) {
    test(`${audience}: every page, data request, action and file route`, async () => {
      const context = contexts[audience];
      for (const page of PAGES) {
        const path = fill(page.path);
        for (const url of [path, `${path}.data`]) {
          const response = await send(context, "GET", url);
          if (allowed(audience, page.section)) {
            expect(response.status(), `GET ${url} as ${audience}`).toBe(200);
            expect(response.headers()["cache-control"]).toBe("private, no-store");
            expect(response.headers()["x-robots-tag"]).toBe("noindex");
            expect(response.headers()["x-page-cache"]).toBeUndefined();
          } else {
            await expectUnknownPath(context, "GET", url, response, audience);
          }
        }
      }
      for (const action of ACTIONS) {
        const path = fill(action.path);
        for (const url of [path, `${path}.data`]) {
          const response = await send(context, "POST", url);
          if (allowed(audience, action.section)) expect(response.status(), `POST ${url} as ${audience}`).toBe(400);
          else await expectUnknownPath(context, "POST", url, response, audience);
        }
      }
      for (const file of FILES) {
        const path = fill(file.path);
        const response = await send(context, file.method, path);
        if (allowed(audience, file.section))
          expect(file.allowedStatus, `${file.method} ${path} as ${audience}`).toContain(response.status());
        else await expectUnknownPath(context, file.method, path, response, audience);
      }
    });
  }

  test("the members page's subscribers export is the newsletter export; its older address redirects there for good", async () => {
    const members = await (await contexts.admin.get("/admin/members?lang=en")).text();
    expect(members).toContain('href="/admin/newsletter/export.csv"');
    expect(members).not.toContain("/admin/members/newsletter.csv");
    const old = await contexts.admin.get("/admin/members/newsletter.csv", { maxRedirects: 0 });
    expect(old.status()).toBe(308);
    expect(old.headers()["location"]).toBe("/admin/newsletter/export.csv");
    const followed = await contexts.admin.get("/admin/members/newsletter.csv");
    expect(followed.headers()["content-disposition"]).toMatch(/^attachment; filename="newsletter-consents-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect((await followed.text()).split("\r\n")[0]).toContain("email,username,language,consent_id");
  });

  test("the lazy route manifest lists no console route for people without a role", async () => {
    // An app page: content pages are documents without React Router's manifest version (ADR 0032).
    const home = await (await contexts.admin.get("/media")).text();
    const version = /"version":\s*"([0-9a-f]+)"/.exec(home)?.[1];
    expect(version).toBeTruthy();
    const paths = PAGES.map((page) => fill(page.path)).join(",");
    for (const audience of ["visitor", "user"] as const) {
      const manifest = await contexts[audience].get(`/__manifest?version=${version}&paths=${encodeURIComponent(paths)}`);
      expect(await manifest.text()).not.toContain("routes/admin");
    }
    const forAdmin = await contexts.admin.get(`/__manifest?version=${version}&paths=${encodeURIComponent(paths)}`);
    expect(await forAdmin.text()).toContain("routes/admin");
    // No public file lists the console's routes or texts.
    expect((await contexts.visitor.get("/sitemap.xml")).ok()).toBe(true);
    expect(await (await contexts.visitor.get("/sitemap.xml")).text()).not.toContain("/admin");
    expect(await (await contexts.visitor.get("/robots.txt")).text()).not.toContain("/admin");
  });

  test("a revoked role closes the console at once, on the same session", async () => {
    test.setTimeout(120_000);
    const email = await createConsoleAccount("console-revoked", "admin");
    const context = await signedInRequest(email);
    expect((await context.get("/admin")).status()).toBe(200);
    expect((await runAdmin(["revoke", email])).code).toBe(0);
    await expectUnknownPath(context, "GET", "/admin", await send(context, "GET", "/admin"));
    await context.dispose();
  });
});
