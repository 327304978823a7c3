import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { eq, sql } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AnalyticsPage } from "~/features/admin/components/analytics-page";
import { getServerTranslator } from "~/lib/i18n.server";
import { LanguageProvider } from "~/lib/language";
import { TranslationProvider } from "~/lib/use-translation";
import { session, user, userRoles } from "~/db/schema";
import { authAction } from "~/features/account/auth-actions.server";
import { setupAction } from "~/features/account/two-step-setup.server";
import { db } from "~/lib/db.server";
import { loader as analyticsPage } from "~/routes/admin.analytics";
import { loader as analyticsCsv } from "~/routes/admin.analytics.export[.]csv";
import { createAccount, TEST_ORIGIN as ORIGIN, TEST_PASSWORD, useAuthTestEnv } from "../../../tests/helpers/accounts.server";
import { rollUpAnalytics } from "./rollup.server";

/**
 * The Analytics page's doors (ADR 0068), called as the browser calls them: signed out, a member and
 * an editor get the console's "not found" for the page and for every CSV; an admin gets both.
 */
class Browser {
  cookies = new Map<string, string>();
  take(headers: Headers | undefined) {
    for (const line of headers?.getSetCookie() ?? []) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      const value = pair!.slice(at + 1);
      if (value) this.cookies.set(pair!.slice(0, at).trim(), value);
    }
  }
  request(path: string, body?: Record<string, string>) {
    const headers = {
      origin: ORIGIN,
      "x-client-ip": "203.0.113.9",
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    };
    return body
      ? new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams({ js: "1", ...body }), headers })
      : new Request(`${ORIGIN}${path}`, { headers });
  }
  async run(call: Promise<unknown>): Promise<{ status: number; value: unknown }> {
    try {
      const result = (await call) as { init?: { status?: number; headers?: HeadersInit } | null } | Response;
      if (result instanceof Response) return { status: result.status, value: result };
      this.take(new Headers(result?.init?.headers));
      return { status: result?.init?.status ?? 200, value: result };
    } catch (thrown) {
      if (thrown instanceof Response) {
        this.take(thrown.headers);
        return { status: thrown.status, value: thrown };
      }
      const status = (thrown as { init?: { status?: number } })?.init?.status;
      if (status) return { status, value: thrown };
      throw thrown;
    }
  }
}

async function signedIn(email: string, role?: "admin" | "editor") {
  const browser = new Browser();
  await createAccount(email, { confirmed: true });
  await browser.run(authAction(browser.request("/auth", { intent: "login", email, password: TEST_PASSWORD })));
  if (!role) return browser;
  const [row] = await db().select().from(user).where(eq(user.email, email));
  await db().insert(userRoles).values({ userId: row!.id, role });
  // A console role opens the console only with a second factor (ADR 0044), passed just now.
  const started = await browser.run(setupAction(browser.request("/profile/two-step", { intent: "startTotp", password: TEST_PASSWORD })));
  const secret = (started.value as { data: { totp: { secret: string } } }).data.totp.secret;
  const code = await createOTP(new TextDecoder().decode(base32.decode(secret))).totp();
  await browser.run(setupAction(browser.request("/profile/two-step", { intent: "confirmTotp", code })));
  await db().update(session).set({ secondFactorAt: new Date(), consoleSeenAt: new Date() }).where(eq(session.userId, row!.id));
  return browser;
}

const page = (browser: Browser, query = "") =>
  browser.run(analyticsPage({ request: browser.request(`/admin/analytics${query}`), params: {}, context: {} } as never));
const csv = (browser: Browser, query: string) =>
  browser.run(analyticsCsv({ request: browser.request(`/admin/analytics/export.csv${query}`), params: {}, context: {} } as never));

describe("/admin/analytics and its CSV", () => {
  useAuthTestEnv({ requireEmailConfirmation: false });

  it("are not found for visitors, members and editors", async () => {
    for (const browser of [new Browser(), await signedIn("member@example.com"), await signedIn("editor@example.com", "editor")]) {
      expect((await page(browser)).status).toBe(404);
      expect((await csv(browser, "?table=pages")).status).toBe(404);
      expect((await csv(browser, "?table=days&days=7")).status).toBe(404);
    }
  });

  it("show an admin the counted pages, with a CSV of each table; an unknown table or a bad range is no error", async () => {
    await db().execute(sql`
      insert into analytics_events (day, kind, path, language, browser_language, visitor)
      values ((now() at time zone 'utc')::date, 'view', '/about', 'en', 'de', '\\x01'), ((now() at time zone 'utc')::date, 'view', '/about', 'en', 'de', '\\x02')`);
    await rollUpAnalytics();
    const admin = await signedIn("admin@example.com", "admin");
    const shown = await page(admin, "?days=7");
    expect(shown.status).toBe(200);
    const loaded = shown.value as { analytics: { totals: { views: number; visitors: number }; tables: { browserLanguages: unknown[] } } };
    expect(loaded.analytics.totals).toMatchObject({ views: 2, visitors: 2 });
    expect(loaded.analytics.tables.browserLanguages).toMatchObject([{ key: "en", detail: "de", views: 2 }]);
    // Drawn on the server: an SVG picture with its title, the table beside it, dates in the reader's language.
    const translator = await getServerTranslator("de");
    const html = renderToString(
      <TranslationProvider translator={translator}>
        <LanguageProvider language="de">
          <MemoryRouter>
            <AnalyticsPage {...(shown.value as Parameters<typeof AnalyticsPage>[0])} />
          </MemoryRouter>
        </LanguageProvider>
      </TranslationProvider>,
    );
    const today = new Intl.DateTimeFormat("de-DE", { dateStyle: "medium", timeZone: "UTC" }).format(new Date());
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*><title>Seitenaufrufe pro Tag vom [^<]+: insgesamt 2 Aufrufe von 2 Besuchern\.<\/title>/);
    expect(html).toContain(`<td class="px-3 py-1">${today}</td>`);
    expect(html).toContain("Seitensprache und bevorzugte Browsersprache");
    const file = (await csv(admin, "?table=pages&days=7")).value as Response;
    expect(file.headers.get("content-type")).toContain("text/csv");
    expect(await file.text()).toContain('"/about","","",2,2,0,0');
    expect((await csv(admin, "?table=nothing")).status).toBe(404);
    const bad = await page(admin, "?from=2026-02-30&to=x");
    expect(bad.status).toBe(200);
    expect((bad.value as { analytics: { range: { invalid: boolean; days: number } } }).analytics.range).toMatchObject({
      invalid: true,
      days: 30,
    });
  });
});
