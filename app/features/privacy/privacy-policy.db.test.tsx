import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PrivacyPage } from "~/features/legal/privacy-page";
import { getEnv, parseEnv, setEnvForTesting } from "~/lib/env.server";
import { getServerTranslator } from "~/lib/i18n.server";
import { TranslationProvider } from "~/lib/use-translation";
import type { Language } from "~/lib/i18n";
import { loadPrivacyFacts } from "~/features/legal/privacy-facts.server";
import { db } from "~/lib/db.server";
import { siteSettings } from "~/db/schema";
import { resetDatabase } from "../../../tests/helpers/database";

const original = getEnv();

async function render(language: Language, env: Record<string, string>) {
  setEnvForTesting(parseEnv({ NODE_ENV: "test", DATA_DIR: original.DATA_DIR, ...env }));
  const translator = await getServerTranslator(language);
  const facts = await loadPrivacyFacts();
  return renderToString(
    <TranslationProvider translator={translator}>
      <MemoryRouter>
        <PrivacyPage facts={facts} />
      </MemoryRouter>
    </TranslationProvider>,
  ).replace(/<!-- -->/g, "");
}

describe("privacy policy says what this installation does", () => {
  beforeAll(resetDatabase);
  afterEach(() => setEnvForTesting(original));
  afterAll(resetDatabase);

  it("names the 'tell me when it opens' list, its legal basis and periods; a period set in the console wins", async () => {
    const en = await render("en", {});
    expect(en).toContain(
      "&quot;Tell me when it opens&quot; (only if you sign up on the Academy or Tandem page, or in the shop&#x27;s cart while the shop is not open)",
    );
    expect(en).toContain(
      "never confirmed ones are deleted after 30 days; confirmed ones when you remove them or ask us to, or at the latest 24 months",
    );
    expect(await render("de", {})).toContain("spätestens 24 Monate nach Ihrer Bestätigung");
    expect(await render("es", {})).toContain("como muy tarde, 24 meses después");
    await db()
      .insert(siteSettings)
      .values({ key: "retention", value: { launchSignupMonths: 6, contactMessageMonths: 3 } });
    const changed = await render("en", { RETENTION_CONTACT_MESSAGE_MONTHS: "9" });
    expect(changed).toContain("at the latest 6 months after you confirmed");
    expect(changed).toContain("deleted automatically after 3 months");
    await db().delete(siteSettings);
  });

  it("names Shopify only when the shop sync is configured", async () => {
    for (const language of ["en", "de", "es"] as const) {
      expect(await render(language, {})).not.toContain("Shopify");
      const withShop = await render(language, { SHOPIFY_STORE_DOMAIN: "shop.example.com", SHOPIFY_ADMIN_TOKEN: "shpat_x" });
      expect(withShop).toContain("Shopify International Limited");
    }
  });

  it("states the configured retention periods in every language", async () => {
    const env = {
      RETENTION_UNCONFIRMED_ACCOUNT_DAYS: "5",
      RETENTION_CONTACT_MESSAGE_MONTHS: "6",
      RETENTION_SENT_MAIL_DAYS: "14",
      RETENTION_RATE_LIMIT_HOURS: "48",
    };
    const en = await render("en", env);
    expect(en).toContain("deleted automatically after 5 days");
    expect(en).toContain("deleted automatically after 6 months");
    expect(en).toContain("deleted 14 days after sending");
    expect(en).toContain("deleted after 48 hours");
    expect(en).toContain("Last updated: 22 November 2026");
    expect(en).not.toContain("{{");
    const de = await render("de", env);
    expect(de).toContain("nach 5 Tagen automatisch gelöscht");
    expect(de).toContain("nach 6 Monaten automatisch gelöscht");
    expect(de).not.toContain("{{");
    const es = await render("es", env);
    expect(es).toContain("tras 6 meses");
    // What the analytics collect and for how long (ADR 0068), from the same setting as the Retention page.
    const counted = { RETENTION_ANALYTICS_EVENT_DAYS: "45" };
    expect(await render("en", counted)).toContain("Single visit records (section 3): deleted after 45 days");
    expect(await render("de", counted)).toContain("werden nach 45 Tagen gelöscht");
    expect(await render("es", counted)).toContain("se eliminan a los 45 días");
    expect(await render("en", counted)).toContain("without storing your IP address or browser identification");
    expect(es).not.toContain("{{");
  });
});
