import { Mail, MapPin, Phone } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { hasPostalAddress, telHref, useSiteFacts } from "~/lib/site-facts";
import { ContactForm } from "./contact-form";

export function ContactPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-20">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-display font-bold tracking-tight">
          {t("contact.heading.titleStart")} <span className="text-primary">{t("contact.heading.titleHighlight")}</span>
        </h1>
        <p className="mt-4 text-lg text-muted-foreground">{t("contact.heading.subtitle")}</p>
      </header>
      <div className="mt-12 grid gap-8 lg:grid-cols-3">
        <ContactForm />
        <ContactInformation />
      </div>
    </div>
  );
}

/** The company's address, phone and e-mail: each only when set (a city alone is no address); nothing set, no card. */
function ContactInformation() {
  const { t, translator } = useTranslation();
  const siteConfig = useSiteFacts();
  const { address, phone, email } = siteConfig;
  const countryKey = `contact.info.country.${address.country}`;
  const withAddress = hasPostalAddress(siteConfig);
  if (!withAddress && !phone && !email) return null;
  return (
    <aside aria-labelledby="contact-info-title" className="h-fit rounded-lg border border-border bg-card p-6 sm:p-8">
      <h2 id="contact-info-title" className="text-2xl font-semibold">
        {t("contact.info.title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("contact.info.subtitle")}</p>
      <ul className="mt-6 grid gap-6">
        {withAddress ? (
          <li className="flex gap-4">
            <MapPin className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <div>
              <h3 className="text-sm font-medium">{t("contact.info.address")}</h3>
              <div className="mt-1 text-sm text-muted-foreground">
                <address className="not-italic">
                  {siteConfig.name}
                  <br />
                  {address.street}
                  <br />
                  {address.postalCode} {address.city}
                  {address.country ? (
                    <>
                      <br />
                      {translator.exists(countryKey) ? t(countryKey) : address.country}
                    </>
                  ) : null}
                </address>
              </div>
            </div>
          </li>
        ) : null}
        {phone ? (
          <li className="flex gap-4">
            <Phone className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <div className="min-w-0">
              <h3 className="text-sm font-medium">{t("contact.info.phone")}</h3>
              <div className="mt-1 text-sm">
                <a href={telHref(phone)} className="text-muted-foreground hover:text-foreground">
                  {phone}
                </a>
              </div>
            </div>
          </li>
        ) : null}
        {email ? (
          <li className="flex gap-4">
            <Mail className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <div className="min-w-0">
              <h3 className="text-sm font-medium">{t("contact.info.email")}</h3>
              <div className="mt-1 break-all text-sm">
                <a href={`mailto:${email}`} className="text-muted-foreground hover:text-foreground">
                  {email}
                </a>
              </div>
            </div>
          </li>
        ) : null}
      </ul>
    </aside>
  );
}
