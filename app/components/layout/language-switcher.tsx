import { Check, Globe } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "~/lib/i18n";
import { useLanguage } from "~/lib/language";
import { Flag } from "./flag";

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" data-testid="language-switcher">
          <Globe aria-hidden="true" />
          <span className="sr-only">{t("common.language.choose")}</span>
          <Flag language={language} />
          <span className="uppercase">{language}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {LANGUAGES.map((option) => (
          <DropdownMenuItem key={option} onSelect={() => void setLanguage(option)} lang={option}>
            <Flag language={option} />
            <span className="flex-1">{LANGUAGE_NAMES[option]}</span>
            {option === language ? <Check aria-label={t("common.language.current")} /> : null}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The same choice as plain links (`?lang=`): works before JavaScript and for crawlers. */
export function LanguageLinks({ onChoose }: { onChoose?: (language: Language) => void }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <ul className="flex gap-2" aria-label={t("common.language.choose")}>
      {LANGUAGES.map((option) => (
        <li key={option}>
          <a
            href={`?lang=${option}`}
            lang={option}
            hrefLang={option}
            aria-current={option === language ? "true" : undefined}
            onClick={(event) => {
              event.preventDefault();
              void setLanguage(option);
              onChoose?.(option);
            }}
            className="inline-flex items-center gap-2 rounded-md border border-border px-3 py-2 text-sm aria-[current=true]:border-primary aria-[current=true]:text-primary"
          >
            <Flag language={option} />
            {LANGUAGE_NAMES[option]}
          </a>
        </li>
      ))}
    </ul>
  );
}
