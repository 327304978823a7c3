import { expect, test } from "@playwright/test";
import { siteConfig } from "../../app/config/site";
import { expectNoSeriousA11yViolations, languageTurns } from "../helpers/a11y";
import { headingsOf, htmlLang, mainOf, metaContent, titleOf } from "../helpers/html";
import { localeText } from "../helpers/locales";

const LANGUAGES = ["en", "de", "es"] as const;
type Language = (typeof LANGUAGES)[number];

/** A translation from the locale files, so each language is checked against its own text. */
const text = (language: Language, key: string) => localeText(language, key);

const normalize = (value: string) => value.replace(/\s+/g, " ").trim();

/** Every page, with the translation keys of its section headings (h1 first). */
const PAGES: Record<string, string[]> = {
  about: [
    "about.hero.title",
    "about.origin.title",
    "about.essence.title",
    "about.mindset.title",
    "about.visionMission.title",
    "about.data.title",
    "about.founder.title",
    "about.conclusion.title",
  ],
  academy: [
    "academy.hero.title",
    "academy.offers.title",
    "academy.offers.courses.title",
    "academy.offers.microDegrees.title",
    "academy.offers.community.title",
    "academy.philosophy.title",
  ],
  market: [
    "market.hero.title",
    "market.products.title",
    "market.products.digital.title",
    "market.products.creative.title",
    "market.products.physical.title",
    "market.philosophy.title",
  ],
  consulting: [
    "consulting.hero.title",
    "consulting.mission.title",
    "consulting.services.title",
    "consulting.services.strategy.title",
    "consulting.services.architecture.title",
    "consulting.services.leadership.title",
    "consulting.methodology.title",
    "consulting.network.title",
    "consulting.sovereignty.title",
    "consulting.useCases.title",
    "consulting.useCases.items.fintech.sector",
    "consulting.useCases.items.media.sector",
    "consulting.useCases.items.education.sector",
    "consulting.useCases.items.healthcare.sector",
    "consulting.cta.title",
  ],
  tandem: ["tandem.hero.title", "tandem.features.privacy.title", "tandem.features.integration.title", "tandem.quote.title"],
  platforms: [
    "platforms.hero.title",
    "platforms.items.media.title",
    "platforms.items.academy.title",
    "platforms.items.market.title",
    "platforms.items.consulting.title",
    "platforms.items.community.title",
    "platforms.items.shop.title",
    "platforms.items.tandem.title",
  ],
  privacy: ["privacy.title", "privacy.sections.controller.title", "privacy.sections.cookies.title", "privacy.sections.rights.title"],
  // On a fresh install the provider and responsible-person sections wait for their facts (issue 27).
  imprint: ["imprint.title", "imprint.sections.content.title", "imprint.sections.links.title", "imprint.sections.copyright.title"],
  terms: ["terms.title", "terms.sections.scope.title", "terms.sections.law.title", "terms.sections.contact.title"],
};

test.describe("content and legal pages", () => {
  // Content pages run no script (ADR 0032): what a reader sees is the server's HTML, read here without a browser.
  for (const language of LANGUAGES) {
    test(`every page answers 200 in ${language} with its sections, title and language`, async ({ request }) => {
      const titles = new Set<string>();
      for (const [route, keys] of Object.entries(PAGES)) {
        const response = await request.get(`/${route}?lang=${language}`);
        expect(response.status(), route).toBe(200);
        const html = await response.text();
        expect(htmlLang(html)).toBe(language);
        const main = mainOf(html);
        const headings = headingsOf(main);
        for (const key of keys) {
          const expected = normalize(text(language, key));
          expect(
            headings.some((heading) => heading === expected || heading.endsWith(`. ${expected}`) || heading.includes(expected)),
            `${route}: heading "${expected}" in ${JSON.stringify(headings)}`,
          ).toBe(true);
        }
        expect(headingsOf(main, 1)).toHaveLength(1);
        const title = titleOf(html);
        expect(title).toBe(text(language, `${route}.meta.title`));
        titles.add(title);
        expect(metaContent(html, "description")).toBe(text(language, `${route}.meta.description`));

        // The server renders the chosen language (the cookie the language choice sets) on the first byte, and no English slips through.
        const chosen = await (await request.get(`/${route}`, { headers: { cookie: `language=${language}` } })).text();
        expect(htmlLang(chosen)).toBe(language);
        expect(titleOf(chosen)).toBe(text(language, `${route}.meta.title`));
        if (language !== "en") {
          const english = normalize(text("en", keys[1]));
          const translated = normalize(text(language, keys[1]));
          if (english !== translated) expect(chosen, `${route} source is ${language}`).not.toContain(`>${english}<`);
          expect(chosen).not.toContain(text("en", `${route}.meta.description`));
        }
      }
      expect(titles.size).toBe(Object.keys(PAGES).length);
    });
  }

  test("market: the button opens the external market in a new tab", async ({ page }) => {
    await page.goto("/market?lang=en");
    const button = page.getByRole("main").getByRole("link", { name: /Visit the Market/ });
    await expect(button).toHaveAttribute("href", siteConfig.externalUrls.market);
    await expect(button).toHaveAttribute("target", "_blank");
    await expect(button).toHaveAttribute("rel", "noopener noreferrer");
  });

  test("academy is coming soon; its only action is 'tell me when it opens' (issue 13)", async ({ page }) => {
    await page.goto("/academy?lang=en");
    const main = page.getByRole("main");
    await expect(main.getByText("Coming soon")).toBeVisible();
    // The notify form's privacy link and its button, nothing else.
    await expect(main.getByRole("link")).toHaveCount(1);
    await expect(main.getByRole("link")).toHaveAttribute("href", "/privacy");
    await expect(main.getByRole("button")).toHaveCount(1);
    await expect(main.getByRole("button", { name: "Notify me" })).toBeVisible();
  });

  test("tandem is coming soon with both cards and a quote", async ({ page }) => {
    await page.goto("/tandem?lang=en");
    const main = page.getByRole("main");
    await expect(main.getByText("Coming soon")).toBeVisible();
    await expect(main.getByRole("heading", { name: "Privacy first" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Seamless integration" })).toBeVisible();
    await expect(main.locator("blockquote")).toContainText("in tandem with you");
  });

  test("platforms: cards link where they should and Tandem is dimmed without a link", async ({ page }) => {
    await page.goto("/platforms?lang=en");
    const card = (key: string) => page.getByTestId(`platform-${key}`);
    await expect(card("media").getByRole("link")).toHaveAttribute("href", "/media");
    await expect(card("media")).toContainText("Featured");
    for (const key of ["academy", "market"] as const) {
      const link = card(key).getByRole("link");
      await expect(link).toHaveAttribute("href", siteConfig.externalUrls[key]);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
    await expect(card("consulting").getByRole("link")).toHaveAttribute("href", "/consulting");
    await expect(card("community").getByRole("link")).toHaveAttribute("href", "/community");
    await expect(card("shop").getByRole("link")).toHaveAttribute("href", "/shop");

    const tandem = card("tandem");
    await expect(tandem).toContainText("Coming soon");
    await expect(tandem.getByRole("link")).toHaveCount(0);
    await expect(tandem.locator("a")).toHaveCount(0);
    const box = tandem.locator("[aria-disabled='true']");
    await expect(box).toHaveAttribute("data-dimmed", "true");
    expect(Number(await box.evaluate((element) => getComputedStyle(element).opacity))).toBeLessThan(1);
  });

  test("consulting: every labelled action goes somewhere sensible", async ({ page }) => {
    await page.goto("/consulting?lang=en");
    const main = page.getByRole("main");
    const href = (name: string) => main.getByRole("link", { name, exact: true }).first().getAttribute("href");
    const contact = (subject: string) => `/contact?subject=${encodeURIComponent(subject)}`;
    expect(await href("Book a Consultation")).toBe(contact("Book a Consultation"));
    expect(await href("Explore Our Approach")).toBe("#methodology");
    expect(await href("Request a Framework Demo")).toBe(contact("Request a Framework Demo"));
    expect(await href("Partner With Us")).toBe(contact("Partner With Us"));
    // Case studies and sector links land on filtered library views (issue 13, site config).
    expect(await href("View More Case Studies")).toBe(siteConfig.consultingLibraryLinks.caseStudies);
    expect(await href("Start a Conversation")).toBe(contact("Start a Conversation"));
    expect(await href("Visit the Market")).toBe("/market");
    expect(await href("Explore the Academy")).toBe("/academy");
    // Each of the four sector use cases links to the media library, filtered.
    await expect(main.locator("#use-cases li").getByRole("link")).toHaveCount(4);
    for (const link of await main.locator("#use-cases li").getByRole("link").all()) {
      await expect(link).toHaveAttribute("href", /^\/media\?./);
    }
    await expect(main.locator("#sovereignty li")).toHaveCount(5);
    await expect(main.locator("#methodology")).toHaveCount(1);

    // The subject is translated with the page.
    await page.goto("/consulting?lang=de");
    expect(await page.getByRole("main").getByRole("link", { name: "Beratung buchen" }).getAttribute("href")).toBe(
      contact("Beratung buchen"),
    );

    // The anchor scrolls to the methodology.
    await page.goto("/consulting?lang=en");
    await page.getByRole("main").getByRole("link", { name: "Explore Our Approach" }).click();
    await expect(page).toHaveURL(/#methodology$/);
    await expect(page.getByRole("heading", { name: "Our methodology" })).toBeInViewport();
  });

  test("consulting: methodology steps become active one after another once scrolled into view", async ({ page }) => {
    // The page's clock, not the machine's: the page loads with time flowing, then the test moves
    // time on by hand, so a busy machine cannot merge two steps or pull them apart.
    await page.clock.install({ time: new Date("2026-01-05T08:00:00Z") });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/consulting?lang=en");
    const section = page.locator("#methodology");
    const steps = section.locator("[data-active]");
    const active = section.locator('[data-active="true"]');
    await expect(steps).toHaveCount(5);
    // After hydration, with motion allowed and the section out of view, the steps wait.
    await expect(section).toHaveAttribute("data-reveal", "animated");
    await expect(active).toHaveCount(0);
    await page.clock.pauseAt(new Date("2026-01-05T09:00:00Z"));

    await section.scrollIntoViewIfNeeded();
    // The first step comes as soon as the section is in view (a millisecond of page time per try).
    await expect
      .poll(async () => {
        await page.clock.runFor(1);
        return active.count();
      })
      .toBe(1);
    await expect(steps.first()).toHaveAttribute("data-active", "true");
    // Then one more every 200 ms of page time, in order, and none early.
    for (let shown = 2; shown <= 5; shown++) {
      await page.clock.runFor(150);
      await expect(active).toHaveCount(shown - 1);
      await page.clock.runFor(50);
      await expect(active).toHaveCount(shown);
      await expect(steps.nth(shown - 1)).toHaveAttribute("data-active", "true");
    }
  });

  test("consulting: with reduced motion all steps are active at once", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/consulting?lang=en");
    const section = page.locator("#methodology");
    await expect(section).toHaveAttribute("data-hydrated", "true");
    await expect(section).toHaveAttribute("data-reveal", "static");
    for (const step of await section.locator("[data-active]").all()) await expect(step).toHaveAttribute("data-active", "true");
  });

  test("consulting: before JavaScript loads all steps are shown", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/consulting?lang=en");
    const steps = page.locator("#methodology [data-active]");
    await expect(steps).toHaveCount(5);
    for (const step of await steps.all()) {
      await expect(step).toHaveAttribute("data-active", "true");
      await expect(step).toBeVisible();
    }
    await context.close();
  });

  test("privacy: 13 numbered sections, updated 22 November 2026 (what changed since October 2025), cookies, periods, Shopify, authority", async ({
    page,
  }) => {
    await page.goto("/privacy?lang=en");
    const main = page.getByRole("main");
    const sections = main.getByTestId("legal-section");
    await expect(sections).toHaveCount(13);
    const titles = await sections.locator("h2").allInnerTexts();
    titles.forEach((title, index) => expect(title).toMatch(new RegExp(`^${index + 1}\\. `)));
    await expect(main.getByTestId("legal-date")).toContainText("22 November 2026");
    await expect(main).toContainText("the previous version was from October 2025");
    await expect(main).toContainText("better-auth.session_token");
    await expect(main).toContainText("no cookie banner");
    // The configured retention periods (defaults) and the shop (configured in the e2e server).
    await expect(main).toContainText("deleted automatically after 7 days");
    await expect(main).toContainText("deleted automatically after 12 months");
    await expect(main.locator("#providers")).toContainText("Shopify International Limited");
    await expect(main.getByTestId("supervisory-authority")).toContainText(siteConfig.supervisoryAuthority.name);
    await page.goto("/privacy?lang=de");
    await expect(page.getByRole("main").getByTestId("legal-section")).toHaveCount(13);
    await expect(page.getByRole("main").getByTestId("legal-date")).toContainText("22. November 2026");
    await expect(page.getByRole("main")).toContainText("nach 12 Monaten automatisch gelöscht");
  });

  test("terms: 8 numbered sections, effective October 2025, German law and Frankfurt am Main", async ({ page }) => {
    for (const language of LANGUAGES) {
      await page.goto(`/terms?lang=${language}`);
      const main = page.getByRole("main");
      const sections = main.getByTestId("legal-section");
      await expect(sections).toHaveCount(8);
      const titles = await sections.locator("h2").allInnerTexts();
      titles.forEach((title, index) => expect(title).toMatch(new RegExp(`^${index + 1}\\. `)));
      await expect(main.getByTestId("legal-date")).toContainText(
        language === "de" ? "Oktober 2025" : language === "es" ? "octubre de 2025" : "October 2025",
      );
      await expect(main.locator("#law")).toContainText("Frankfurt am Main");
    }
  });

  test("imprint: § 5 DDG details from the configuration, no half-filled block on a fresh install", async ({ page }) => {
    await page.goto("/imprint?lang=en");
    const main = page.getByRole("main");
    // The file's defaults have a city but no street, name or contact: no block stands half-filled
    // (the filled-in imprint: console-settings.spec and facts-blocks.server.db.test.tsx).
    await expect(main.getByTestId("provider-address")).toHaveCount(0);
    await expect(main).not.toContainText(siteConfig.address.postalCode);
    // The file's placeholders never reach the page (the console's site settings fill them in).
    await expect(main).not.toContainText("PLACEHOLDER");
    await expect(main).not.toContainText("example.com");
    await expect(main).toContainText("Liability for content");
    // No VAT id or register entry is configured, so that block is not shown.
    if (siteConfig.vatId === null && siteConfig.registerEntry === null) await expect(main.locator("#register")).toHaveCount(0);
  });

  for (const { language, pages } of languageTurns(Object.keys(PAGES))) {
    test(`no serious accessibility violations on the content and legal pages (${language}: ${pages.join(", ")})`, async ({ page }) => {
      // Three pages with axe each: more than the default minute on a busy machine.
      test.setTimeout(120_000);
      for (const route of pages) {
        await page.goto(`/${route}?lang=${language}`);
        await expectNoSeriousA11yViolations(page);
      }
    });
  }
});
