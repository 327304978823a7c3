import { useTranslation } from "~/lib/use-translation";
import { useInterfaceLang } from "~/components/layout/content-language";
import { hasPostalAddress, hasProviderAddress, telHref, useSiteFacts } from "~/lib/site-facts";
import { LegalDocument, ProviderAddress } from "./legal-document";

export const IMPRINT_SECTIONS = ["provider", "contact", "register", "responsible", "disputes", "content", "links", "copyright"] as const;

/**
 * § 5 DDG information, all facts from the site configuration. A section whose facts are not set is
 * not shown at all (no empty box, no "… is:" over nothing); the console's go-live checklist names
 * what is missing.
 */
export function ImprintPage() {
  const { t } = useTranslation();
  const siteConfig = useSiteFacts();
  const { address, vatId, registerEntry, responsiblePerson } = siteConfig;
  // The contact labels are the legal namespace's: the visitor's language, also on a page shown in another.
  const interfaceLang = useInterfaceLang();
  const shown: Record<string, boolean> = {
    provider: hasProviderAddress(siteConfig),
    contact: Boolean(siteConfig.phone || siteConfig.email),
    register: vatId !== null || registerEntry !== null,
    responsible: Boolean(responsiblePerson) && hasPostalAddress(siteConfig),
  };
  const sections = IMPRINT_SECTIONS.filter((id) => shown[id] ?? true);
  return (
    <LegalDocument
      ns="imprint"
      sectionIds={sections}
      numbered={false}
      extras={{
        provider: <ProviderAddress withContact={false} />,
        contact: (
          <dl className="rounded-lg border border-border bg-card p-5 text-foreground" lang={interfaceLang}>
            {siteConfig.phone ? (
              <>
                <dt className="font-semibold">{t("legal.phone")}</dt>
                <dd>
                  <a href={telHref(siteConfig.phone)} className="text-primary underline underline-offset-2">
                    {siteConfig.phone}
                  </a>
                </dd>
              </>
            ) : null}
            {siteConfig.email ? (
              <>
                <dt className="mt-2 font-semibold first:mt-0">{t("legal.email")}</dt>
                <dd>
                  <a href={`mailto:${siteConfig.email}`} className="text-primary underline underline-offset-2">
                    {siteConfig.email}
                  </a>
                </dd>
              </>
            ) : null}
          </dl>
        ),
        register: (
          <dl className="rounded-lg border border-border bg-card p-5 text-foreground">
            {vatId !== null ? (
              <>
                <dt className="font-semibold">{t("imprint.vatId")}</dt>
                <dd>{vatId}</dd>
              </>
            ) : null}
            {registerEntry !== null ? (
              <>
                <dt className="mt-2 font-semibold first:mt-0">{t("imprint.registerEntry")}</dt>
                <dd>{registerEntry}</dd>
              </>
            ) : null}
          </dl>
        ),
        responsible: (
          <address className="rounded-lg border border-border bg-card p-5 not-italic text-foreground">
            <span className="block font-semibold">{responsiblePerson}</span>
            <span className="block">{address.street}</span>
            <span className="block">
              {address.postalCode} {address.city}
            </span>
          </address>
        ),
      }}
    />
  );
}
