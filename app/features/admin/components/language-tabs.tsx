import { Link } from "react-router";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "~/lib/i18n";
import { cn } from "~/lib/utils";

/** An editor's tab per site language (a content page's, a news post's): a link each, the current one marked. */
export function LanguageTabs({ label, current, hrefOf }: { label: string; current: Language; hrefOf: (language: Language) => string }) {
  return (
    <nav aria-label={label} className="mb-4 flex flex-wrap gap-2">
      {LANGUAGES.map((language) => (
        <Link
          key={language}
          to={hrefOf(language)}
          aria-current={language === current ? "page" : undefined}
          className={cn(
            "rounded-md border px-3 py-1 text-sm",
            language === current ? "border-primary bg-primary/10 font-medium" : "border-border hover:bg-muted",
          )}
        >
          {LANGUAGE_NAMES[language]}
        </Link>
      ))}
    </nav>
  );
}
