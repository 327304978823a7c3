import { LANGUAGE_LOCALES } from "~/lib/i18n";
import { useLanguage } from "~/lib/language";

/** Dates and times in the console's language ("—" for none). */
export function useDateFormat() {
  const { language } = useLanguage();
  const format = new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], { dateStyle: "medium", timeStyle: "short" });
  return (iso: string | null) => (iso ? format.format(new Date(iso)) : "—");
}
