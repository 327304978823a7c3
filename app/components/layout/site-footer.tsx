import { useTranslation } from "~/lib/use-translation";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { siteConfig } from "~/config/site";
import { platformHref, useSiteFacts } from "~/lib/site-facts";
import { Logo } from "./logo";

const ABOUT_LINKS = [
  { to: "/about", labelKey: "common.footer.aboutUs" },
  { to: "/news", labelKey: "common.footer.news" },
  { to: "/contact", labelKey: "common.footer.contact" },
  { to: "/consulting", labelKey: "common.footer.consulting" },
];
const LEGAL_LINKS = [
  { to: "/privacy", labelKey: "common.footer.privacy" },
  { to: "/imprint", labelKey: "common.footer.imprint" },
  { to: "/terms", labelKey: "common.footer.terms" },
];
const PLATFORM_LINKS = [
  { platform: "academy", labelKey: "common.nav.academy" },
  { platform: "market", labelKey: "common.nav.market" },
] as const;

export function SiteFooter({ year }: { year: number }) {
  const { t } = useTranslation();
  const facts = useSiteFacts();
  return (
    <footer className="border-t border-border bg-card/40">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:grid-cols-5">
        <div className="col-span-2 md:col-span-3 lg:col-span-2">
          <Logo />
          <p className="mt-4 max-w-sm text-sm text-muted-foreground">{t("common.footer.tagline")}</p>
          {facts.social.length > 0 ? (
            <ul className="mt-4 flex flex-wrap gap-x-3 sm:gap-y-3" aria-label={t("common.footer.social")}>
              {facts.social.map((social) => (
                <li key={social.name}>
                  <a href={social.url} target="_blank" rel="noopener noreferrer" className="footer-link inline-flex items-center gap-1">
                    {social.name}
                    <Icon name="external-link" className="size-3" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <FooterGroup title={t("common.footer.about")}>
          {ABOUT_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="footer-link">
                {t(link.labelKey)}
              </Link>
            </li>
          ))}
        </FooterGroup>
        <FooterGroup title={t("common.footer.platforms")}>
          {PLATFORM_LINKS.map((link) => {
            const target = platformHref(facts, link.platform);
            return (
              <li key={link.labelKey}>
                {target.kind === "external" ? (
                  <a href={target.href} target="_blank" rel="noopener noreferrer" className="footer-link inline-flex items-center gap-1">
                    {t(link.labelKey)}
                    <Icon name="external-link" className="size-3" />
                  </a>
                ) : (
                  <Link to={target.to} className="footer-link">
                    {t(link.labelKey)}
                  </Link>
                )}
              </li>
            );
          })}
        </FooterGroup>
        <FooterGroup title={t("common.footer.legal")}>
          {LEGAL_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="footer-link">
                {t(link.labelKey)}
              </Link>
            </li>
          ))}
        </FooterGroup>
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-muted-foreground sm:px-6">
          {t("common.footer.copyright", { year, name: siteConfig.name })}
        </p>
      </div>
    </footer>
  );
}

function FooterGroup({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="mt-3 sm:space-y-2">{children}</ul>
    </nav>
  );
}
