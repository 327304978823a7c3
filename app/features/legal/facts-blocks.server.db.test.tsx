import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { ContactPage } from "~/features/contact/contact-page";
import { AboutPage } from "~/features/marketing/about/about-page";
import { getEnv, parseEnv, setEnvForTesting } from "~/lib/env.server";
import { getServerTranslator } from "~/lib/i18n.server";
import { SiteFactsProvider } from "~/lib/site-facts";
import { getSiteFacts, invalidateSiteFacts } from "~/lib/site-facts.server";
import { TranslationProvider } from "~/lib/use-translation";
import { answerOf, formPost } from "../../../tests/helpers/console-actions";
import { resetDatabase } from "../../../tests/helpers/database";
import { textOf } from "../../../tests/helpers/html";
import { loadOverview } from "../admin/overview.server";
import { settingsAction } from "../admin/settings-actions.server";
import { ImprintPage } from "./imprint-page";
import { PrivacyPage, type PrivacyFacts } from "./privacy-page";
import { TermsPage } from "./terms-page";

/**
 * Issue 27: a block whose facts are not set is not shown, and no sentence points at a missing fact;
 * the console's overview lists what is missing. Facts go in as an operator sets them (the settings
 * action); the pages are rendered on the server with the facts the root loader would hand them.
 */
const admin = { id: "admin-1", email: "admin@ipangel.test", name: "Admin", role: "admin" as const };
const editor = { ...admin, id: "editor-1", role: "editor" as const };
const baseEnv = getEnv();

const FACTS = {
  legalName: "Kestrel Angel Media (Jane Doe)",
  responsiblePerson: "Jane Doe",
  street: "Mainzer Landstraße 77",
  phone: "+49 69 5550123",
  email: "office@kestrel-angel.test",
};

const privacyFacts: PrivacyFacts = {
  shopConfigured: false,
  retention: {
    unconfirmedDays: 7,
    contactMonths: 12,
    sentMailDays: 30,
    pendingDays: 7,
    verificationHours: 24,
    rateLimitHours: 1,
    launchPendingDays: 7,
    launchMonths: 12,
    analyticsDays: 30,
    auditMonths: 24,
  },
};

const PAGES = {
  imprint: () => <ImprintPage />,
  privacy: () => <PrivacyPage facts={privacyFacts} />,
  terms: () => <TermsPage />,
  contact: () => <ContactPage />,
  about: () => <AboutPage />,
};

async function render(name: keyof typeof PAGES, language: "en" | "de" | "es" = "en") {
  const Stub = createRoutesStub([{ id: "page", path: "/", Component: PAGES[name], HydrateFallback: () => null }]);
  return renderToString(
    <TranslationProvider translator={await getServerTranslator(language)}>
      <SiteFactsProvider value={await getSiteFacts()}>
        <Stub initialEntries={["/"]} hydrationData={{ loaderData: { page: {} } }} />
      </SiteFactsProvider>
    </TranslationProvider>,
  );
}

/** The text of the element with this id (a legal section), or null when it is not on the page. */
function sectionText(html: string, id: string) {
  const start = html.indexOf(`<section id="${id}"`);
  if (start < 0) return null;
  return textOf(html.slice(start, html.indexOf("</section>", start)));
}

function withEnv(values: Record<string, string>) {
  setEnvForTesting(parseEnv({ ...process.env, DATA_DIR: baseEnv.DATA_DIR, SMTP_URL: "", PUBLIC_URL: "", ...values }));
}

describe("the company's facts on the public pages", () => {
  beforeEach(async () => {
    await resetDatabase();
    setEnvForTesting(baseEnv);
    invalidateSiteFacts();
  });

  it("with the facts at their defaults, shows no half-filled block and no sentence that points at nothing", async () => {
    const imprint = await render("imprint");
    // The file's defaults hold a postal code and city but no street: that is no address.
    expect(imprint).not.toContain("60311");
    expect(imprint).not.toContain('data-testid="provider-address"');
    for (const id of ["provider", "contact", "responsible", "register"]) expect(sectionText(imprint, id), id).toBeNull();
    expect(imprint).not.toContain("operated by a sole proprietorship:");
    // The sections that need no facts are still there.
    expect(sectionText(imprint, "disputes")).toContain("Consumer dispute resolution");

    const privacy = textOf(await render("privacy"));
    expect(privacy).not.toContain("within the meaning of Art. 4(7) GDPR is:");
    expect(privacy).not.toContain("above");
    expect(privacy).not.toContain("write to us at");
    expect(privacy).not.toContain("Please send data protection requests to");
    expect(privacy).toContain("not required to appoint a data protection officer.");

    // The spec's 8 sections stay; the last one points at the contact form instead of an empty block.
    const terms = await render("terms");
    expect(terms).not.toContain("please contact us:");
    expect(sectionText(terms, "contact")).toMatch(/write to us through the contact form/);
    expect(terms).toContain('href="/contact"');

    const contact = await render("contact");
    expect(contact).not.toContain("Frankfurt");
    expect(contact).not.toContain('id="contact-info-title"');

    const about = await render("about");
    expect(about).not.toContain('data-testid="founder-name"');
    // No faceless placeholder icon stands in for the founder.
    expect(sectionText(about, "founder")).toContain("The Founder");
  });

  it("with the facts set, shows each block whole, in every language", async () => {
    expect(answerOf(await settingsAction(formPost("/admin/settings", "save", FACTS), admin)).status).toBe(200);
    for (const language of ["en", "de", "es"] as const) {
      const imprint = await render("imprint", language);
      for (const id of ["provider", "contact", "responsible"]) expect(sectionText(imprint, id), `${language} ${id}`).not.toBeNull();
      expect(sectionText(imprint, "provider")).toContain("Kestrel Angel Media (Jane Doe)");
      expect(sectionText(imprint, "provider")).toContain("60311 Frankfurt am Main");
      expect(imprint).toContain('href="mailto:office@kestrel-angel.test"');
      expect(imprint).toContain('href="tel:+49695550123"');
      // No VAT id or register entry was set: that section stays away.
      expect(sectionText(imprint, "register")).toBeNull();

      const privacy = await render("privacy", language);
      expect(sectionText(privacy, "controller")).toContain("Mainzer Landstraße 77");
      expect(privacy).toContain('data-testid="privacy-requests"');
      expect(sectionText(privacy, "security")).toContain("office@kestrel-angel.test");

      expect(sectionText(await render("terms", language), "contact")).toContain("Mainzer Landstraße 77");
      const contact = textOf(await render("contact", language));
      expect(contact).toContain("Mainzer Landstraße 77");
      expect(contact).toContain("+49 69 5550123");
      expect(textOf(await render("about", language))).toContain("Jane Doe");
    }
    expect(textOf(await render("privacy"))).toMatch(/Please send data protection requests to office@kestrel-angel\.test ?\./);
  });

  it("a phone number alone makes a contact block, not an address", async () => {
    await settingsAction(formPost("/admin/settings", "save", { phone: "+49 69 5550123" }), admin);
    const imprint = await render("imprint");
    expect(sectionText(imprint, "contact")).toContain("+49 69 5550123");
    expect(sectionText(imprint, "provider")).toBeNull();
    const terms = await render("terms");
    expect(sectionText(terms, "contact")).toContain("+49 69 5550123");
    expect(sectionText(terms, "contact")).not.toContain("Frankfurt");
  });
});

describe("the console's go-live checklist", () => {
  beforeEach(async () => {
    await resetDatabase();
    invalidateSiteFacts();
  });

  it("lists what is missing with where to set it, ticks what is done, and is for admins only", async () => {
    withEnv({});
    const open = (await loadOverview(admin)).goLive;
    expect(open.map(({ id, done }) => [id, done])).toEqual([
      ["imprint", false],
      ["founder", false],
      ["mail", false],
      ["publicAddress", false],
    ]);
    expect(open[0]).toMatchObject({
      to: "/admin/settings#settings-company",
      missing: ["legalName", "responsiblePerson", "street", "phone", "email"],
    });
    expect(open.find((item) => item.id === "mail")!.to).toBe("/admin/outbox");
    expect(open.find((item) => item.id === "publicAddress")!.to).toBe("/admin/system");
    expect((await loadOverview(editor)).goLive).toEqual([]);

    await settingsAction(formPost("/admin/settings", "save", FACTS), admin);
    withEnv({ SMTP_URL: "smtp://mail.kestrel-angel.test:587", PUBLIC_URL: "https://www.kestrel-angel.test" });
    expect((await loadOverview(admin)).goLive.every((item) => item.done)).toBe(true);
  });
});
