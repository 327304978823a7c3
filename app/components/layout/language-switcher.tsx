import { Check } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Menu, MENU_ITEM_PROPS } from "~/components/ui/menu";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "~/lib/i18n";
import { useLanguage } from "~/lib/language";
import { Flag } from "./flag";

/** This page's address with `lang` set (other query parameters kept). */
function languageHref(search: string, language: Language) {
  const params = new URLSearchParams(search);
  params.set("lang", language);
  return `?${params.toString()}`;
}

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { search } = useLocation();
  return (
    <Menu
      align="end"
      triggerTestId="language-switcher"
      triggerClassName={buttonVariants({ variant: "ghost", size: "sm" })}
      trigger={
        <>
          <Icon name="globe" />
          <span className="sr-only">{t("common.language.choose")}</span>
          <Flag language={language} />
          <span className="uppercase">{language}</span>
        </>
      }
    >
      {LANGUAGES.map((option) => (
        // A plain link (`?lang=`) on every page: the server renders the page in the language and the
        // shell script stores the choice (app/shell/language.ts), with or without React.
        <a key={option} href={languageHref(search, option)} lang={option} hrefLang={option} {...MENU_ITEM_PROPS}>
          <Flag language={option} />
          <span className="flex-1">{LANGUAGE_NAMES[option]}</span>
          {option === language ? <Check className="size-4" aria-label={t("common.language.current")} /> : null}
        </a>
      ))}
    </Menu>
  );
}

/** The same choice as plain links (`?lang=`): works before JavaScript and for crawlers. */
export function LanguageLinks() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <ul className="flex gap-2" aria-label={t("common.language.choose")}>
      {LANGUAGES.map((option) => (
        <li key={option}>
          <a
            href={`?lang=${option}`}
            lang={option}
            hrefLang={option}
            aria-current={option === language ? "true" : undefined}
            className="lang-link"
          >
            <Flag language={option} />
            {LANGUAGE_NAMES[option]}
          </a>
        </li>
      ))}
    </ul>
  );
}
