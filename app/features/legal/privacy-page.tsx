import { useTranslation } from "~/lib/use-translation";
import { useSiteFacts } from "~/lib/site-facts";
import { hasProviderBlock, LegalDocument, ProviderAddress } from "./legal-document";

export const PRIVACY_SECTIONS = [
  "controller",
  "ai",
  "data",
  "legalBases",
  "hosting",
  "providers",
  "cookies",
  "aiCommunication",
  "retention",
  "transfers",
  "rights",
  "updates",
  "security",
] as const;

/** What the running installation does (privacy route loader): periods from the console or RETENTION_*, whether the shop is connected. */
export interface PrivacyFacts {
  shopConfigured: boolean;
  retention: {
    unconfirmedDays: number;
    contactMonths: number;
    sentMailDays: number;
    pendingDays: number;
    verificationHours: number;
    rateLimitHours: number;
    launchPendingDays: number;
    launchMonths: number;
    /** Raw analytics events (ADR 0068). */
    analyticsDays: number;
    auditMonths: number;
  };
}

/** Sections that name Shopify, only when the shop sync is configured. */
const SHOP_SECTIONS = ["ai", "data", "providers", "retention", "transfers"] as const;

/** `lastUpdated`: the date of the language's last publish in the console (ADR 0054), else the file's line. */
export function PrivacyPage({ facts, lastUpdated }: { facts: PrivacyFacts; lastUpdated?: string }) {
  const { t } = useTranslation();
  const siteConfig = useSiteFacts();
  const { hosting, supervisoryAuthority } = siteConfig;
  const extraItems = facts.shopConfigured ? Object.fromEntries(SHOP_SECTIONS.map((id) => [id, [`privacy.sections.${id}.shopItem`]])) : {};
  return (
    <LegalDocument
      ns="privacy"
      sectionIds={PRIVACY_SECTIONS}
      dateLine={lastUpdated ? t("legal.lastUpdated", { date: lastUpdated }) : undefined}
      values={facts.retention}
      extraItems={extraItems}
      // "The controller … is:" introduces the address; without it the sentence is left out too.
      withoutLead={hasProviderBlock(siteConfig) ? [] : ["controller"]}
      extras={{
        controller: (
          <>
            <ProviderAddress />
            {siteConfig.email ? (
              <p data-testid="privacy-requests">
                {t("privacy.requestsTo")}{" "}
                <a href={`mailto:${siteConfig.email}`} className="text-primary underline underline-offset-2">
                  {siteConfig.email}
                </a>
                .
              </p>
            ) : null}
          </>
        ),
        hosting:
          hosting.provider || hosting.location ? (
            <dl className="rounded-lg border border-border bg-card p-5 text-foreground">
              {hosting.provider ? <dt className="font-semibold">{t("privacy.hostingProvider")}</dt> : null}
              {hosting.provider ? <dd>{hosting.provider}</dd> : null}
              {hosting.location ? <dt className="font-semibold not-first:mt-2">{t("privacy.hostingLocation")}</dt> : null}
              {hosting.location ? <dd>{t(`legal.countries.${hosting.location}`, { defaultValue: hosting.location })}</dd> : null}
            </dl>
          ) : null,
        rights: (
          <address className="rounded-lg border border-border bg-card p-5 not-italic text-foreground" data-testid="supervisory-authority">
            <span className="block font-semibold">{supervisoryAuthority.name}</span>
            <span className="block">{supervisoryAuthority.address}</span>
            <a
              href={supervisoryAuthority.url}
              className="inline-flex min-h-11 items-center text-primary underline underline-offset-2"
              rel="noopener noreferrer"
            >
              {supervisoryAuthority.url}
            </a>
          </address>
        ),
        // A sentence that ends in the address is shown only with the address.
        security: siteConfig.email ? (
          <p>
            {t("privacy.contactLine")}{" "}
            <a href={`mailto:${siteConfig.email}`} className="text-primary underline underline-offset-2">
              {siteConfig.email}
            </a>
          </p>
        ) : null,
      }}
    />
  );
}
