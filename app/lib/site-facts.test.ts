import { describe, expect, it } from "vitest";
import { siteConfig } from "~/config/site";
import { defaultSettings, effectiveSettings, factsFrom, isPlaceholder, missingImprintKeys, platformHref } from "./site-facts";

describe("site facts: defaults, environment and console", () => {
  it("never passes a placeholder or example address on from the file's defaults", () => {
    const defaults = defaultSettings();
    for (const value of Object.values(defaults)) expect(isPlaceholder(value) && value !== "").toBe(false);
    expect(defaults.street).toBe("");
    expect(defaults.email).toBe("");
    expect(defaults.academyUrl).toBe("");
    // The social defaults are the networks' home pages, not profiles: not shown.
    expect(factsFrom(defaults).social).toEqual([]);
    // Real defaults stay.
    expect(defaults.city).toBe(siteConfig.address.city);
    expect(defaults.authorityName).toBe(siteConfig.supervisoryAuthority.name);
  });

  it("a console value wins over the environment, which wins over the file", () => {
    const env = { academy: "https://academy.ipangel.de", market: "https://market.ipangel.de" };
    const settings = effectiveSettings(
      { academyUrl: "https://learn.ipangel.de", linkedin: "https://www.linkedin.com/company/ipangel" },
      env,
    );
    expect(settings.academyUrl).toBe("https://learn.ipangel.de");
    expect(settings.marketUrl).toBe("https://market.ipangel.de");
    expect(settings.communityUrl).toBe("");
    const facts = factsFrom(settings);
    expect(facts.social).toEqual([{ name: "LinkedIn", url: "https://www.linkedin.com/company/ipangel" }]);
    expect(platformHref(facts, "academy")).toEqual({ kind: "external", href: "https://learn.ipangel.de" });
  });

  it("unconfigured Academy and Market go to our own pages", () => {
    const facts = factsFrom(effectiveSettings({}));
    expect(platformHref(facts, "academy")).toEqual({ kind: "internal", to: "/academy" });
    expect(platformHref(facts, "market")).toEqual({ kind: "internal", to: "/market" });
  });

  it("names the imprint facts that are missing", () => {
    expect(missingImprintKeys(effectiveSettings({}))).toEqual(["legalName", "responsiblePerson", "street", "phone", "email"]);
    const complete = effectiveSettings({
      legalName: "IP Angel Jane Doe",
      responsiblePerson: "Jane Doe",
      street: "Mainzer Landstraße 1",
      phone: "+49 69 1234567",
      email: "hello@ipangel.de",
    });
    expect(missingImprintKeys(complete)).toEqual([]);
    expect(factsFrom(complete).claims).toEqual({ activeMembers: null, averageRating: null, expertConsultants: null });
  });
});
