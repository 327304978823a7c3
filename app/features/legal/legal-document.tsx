import type { ReactNode } from "react";
import { useInterfaceLang } from "~/components/layout/content-language";
import { useTranslation } from "~/lib/use-translation";
import { RichParagraphs } from "~/components/content/rich-text";
import { hasProviderAddress, telHref, useSiteFacts, type SiteFacts } from "~/lib/site-facts";

/** Translated string arrays (paragraphs, list items); a missing key gives an empty list. */
function useList(values?: Record<string, unknown>) {
  const { t } = useTranslation();
  return (key: string): string[] => {
    const value = t(key, { ...values, returnObjects: true }) as unknown;
    return Array.isArray(value) ? (value as string[]) : [];
  };
}

/**
 * A long legal text: title, date line, table of contents and numbered sections. Each section's
 * text comes from `<ns>.sections.<id>.{title,paragraphs,items}`; `extras` adds blocks built from
 * the site configuration (addresses, contact details) after a section's paragraphs.
 */
export function LegalDocument({
  ns,
  sectionIds,
  extras = {},
  numbered = true,
  intro,
  values,
  extraItems = {},
  dateLine,
  withoutLead = [],
}: {
  ns: string;
  sectionIds: readonly string[];
  extras?: Partial<Record<string, ReactNode>>;
  numbered?: boolean;
  intro?: ReactNode;
  /** Interpolation values for every text (e.g. configured retention periods). */
  values?: Record<string, unknown>;
  /** Keys of further list items per section, shown only when the page passes them (e.g. a configured provider). */
  extraItems?: Partial<Record<string, string[]>>;
  /** The line under the title instead of `<ns>.date` (the last publish, ADR 0054). */
  dateLine?: string;
  /** Sections whose block of facts is missing: their paragraphs introduce it ("… is:") and are left out with it. */
  withoutLead?: readonly string[];
}) {
  const { t } = useTranslation();
  const list = useList(values);
  // Labels of the legal namespace stay in the visitor's language when the page is shown in another.
  const interfaceLang = useInterfaceLang();
  const heading = (id: string, index: number) => `${numbered ? `${index + 1}. ` : ""}${t(`${ns}.sections.${id}.title`)}`;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 break-words sm:px-6 sm:py-16" aria-labelledby="page-title">
      <header className="border-b border-border pb-8">
        <h1 id="page-title" className="text-title font-bold tracking-tight">
          {t(`${ns}.title`)}
        </h1>
        <p className="mt-3 text-sm text-muted-foreground" data-testid="legal-date" lang={dateLine ? interfaceLang : undefined}>
          {dateLine ?? t(`${ns}.date`)}
        </p>
        {intro ?? <p className="mt-6 leading-relaxed text-muted-foreground">{t(`${ns}.intro`)}</p>}
      </header>

      <nav aria-labelledby="toc-title" className="mt-8 rounded-lg border border-border bg-card p-5 sm:p-6">
        <h2 id="toc-title" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase" lang={interfaceLang}>
          {t("legal.toc")}
        </h2>
        <ol className="mt-3 grid text-sm sm:grid-cols-2 sm:gap-1.5">
          {sectionIds.map((id, index) => (
            <li key={id}>
              <a href={`#${id}`} className="inline-flex min-h-11 items-center text-primary hover:underline sm:min-h-0">
                {heading(id, index)}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-10 space-y-10">
        {sectionIds.map((id, index) => (
          <section key={id} id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20" data-testid="legal-section">
            <h2 id={`${id}-title`} className="text-subtitle font-semibold tracking-tight">
              {heading(id, index)}
            </h2>
            <div className="mt-4 space-y-4 leading-relaxed text-muted-foreground">
              {withoutLead.includes(id) ? null : <RichParagraphs k={`${ns}.sections.${id}.paragraphs`} values={values} />}
              {extras[id]}
              <LegalList items={[...list(`${ns}.sections.${id}.items`), ...(extraItems[id] ?? []).map((key) => t(key, { ...values }))]} />
              {list(`${ns}.sections.${id}.after`).map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </section>
        ))}
      </div>
    </article>
  );
}

function LegalList({ items }: { items: string[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="list-disc space-y-2 pl-6 marker:text-accent">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** Whether ProviderAddress shows anything: a whole address, or (with contact) a phone number or e-mail address. */
export function hasProviderBlock(facts: SiteFacts, withContact = true) {
  return hasProviderAddress(facts) || (withContact && Boolean(facts.phone || facts.email));
}

/**
 * The provider's postal address and contact details from the site configuration. Facts not
 * configured yet (console: site settings) are left out, never shown as placeholders, and a
 * partial address (a city alone) is not shown at all: the block is whole or absent (issue 27).
 */
export function ProviderAddress({ withContact = true }: { withContact?: boolean }) {
  const { t } = useTranslation();
  const siteConfig = useSiteFacts();
  const { address } = siteConfig;
  const interfaceLang = useInterfaceLang();
  if (!hasProviderBlock(siteConfig, withContact)) return null;
  const contact = withContact && (siteConfig.phone || siteConfig.email);
  return (
    <address className="rounded-lg border border-border bg-card p-5 not-italic text-foreground" data-testid="provider-address">
      {hasProviderAddress(siteConfig) ? (
        <span className="block">
          <span className="block font-semibold">{siteConfig.legalName}</span>
          {siteConfig.responsiblePerson ? <span className="block">{siteConfig.responsiblePerson}</span> : null}
          <span className="block">{address.street}</span>
          <span className="block">
            {address.postalCode} {address.city}
          </span>
          {address.country ? (
            <span className="block" lang={interfaceLang}>
              {t(`legal.countries.${address.country}`, { defaultValue: address.country })}
            </span>
          ) : null}
        </span>
      ) : null}
      {contact ? (
        <span className="block not-first:mt-3" lang={interfaceLang}>
          {siteConfig.phone ? (
            <>
              {t("legal.phone")}:{" "}
              <a href={telHref(siteConfig.phone)} className="text-primary underline underline-offset-2">
                {siteConfig.phone}
              </a>
              <br />
            </>
          ) : null}
          {siteConfig.email ? (
            <>
              {t("legal.email")}:{" "}
              <a href={`mailto:${siteConfig.email}`} className="text-primary underline underline-offset-2">
                {siteConfig.email}
              </a>
            </>
          ) : null}
        </span>
      ) : null}
    </address>
  );
}
