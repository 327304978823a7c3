import { LegalDocument, ProviderAddress } from "./legal-document";

export const TERMS_SECTIONS = ["scope", "ai", "ip", "responsibilities", "liability", "thirdParty", "law", "contact"] as const;

export function TermsPage() {
  return <LegalDocument ns="terms" sectionIds={TERMS_SECTIONS} extras={{ contact: <ProviderAddress /> }} />;
}
