import { useTranslation } from "~/lib/use-translation";
import { useSiteFacts } from "~/lib/site-facts";
import { hasProviderBlock, LegalDocument, ProviderAddress } from "./legal-document";

export const TERMS_SECTIONS = ["scope", "ai", "ip", "responsibilities", "liability", "thirdParty", "law", "contact"] as const;

/** The spec's 8 sections; the last one points at the contact form while no address or contact detail is set. */
export function TermsPage() {
  const { t } = useTranslation();
  const withBlock = hasProviderBlock(useSiteFacts());
  return (
    <LegalDocument
      ns="terms"
      sectionIds={TERMS_SECTIONS}
      withoutLead={withBlock ? [] : ["contact"]}
      extras={{
        contact: withBlock ? (
          <ProviderAddress />
        ) : (
          <p data-testid="terms-contact-form">
            {t("terms.sections.contact.formLead")}{" "}
            <a href="/contact" className="text-primary underline underline-offset-2">
              {t("terms.sections.contact.formLink")}
            </a>
            .
          </p>
        ),
      }}
    />
  );
}
