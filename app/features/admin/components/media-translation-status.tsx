import { Link } from "react-router";
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from "~/lib/i18n";
import { useTranslation } from "~/lib/use-translation";
import type { MediaTranslationStatus } from "../media-translations.server";
import { startMediaSchema } from "../schemas/translation-schema";
import { STATE_CLASS } from "../translations";
import { ActionButton } from "./console-form";

/** An item's own language by name where the site has it (an item's language may be any code). */
const languageName = (code: string) => (isLanguage(code) ? LANGUAGE_NAMES[code] : code);

/**
 * The media library: per language, how many items are missing, outdated or up to date (a library has
 * thousands), each count a link to the newest of them. "Translate" opens the item's form at that
 * language, whose save is live; "Start from …" copies the item's own texts into that language's draft (ADR 0089).
 */
export function MediaTranslationStatusSection({ media }: { media: MediaTranslationStatus }) {
  const { t } = useTranslation();
  const total = media.counts[media.language][media.state];
  return (
    <section aria-labelledby="media-translations-title" className="mt-8 space-y-3" data-testid="media-translations-status">
      <h2 id="media-translations-title" className="text-lg font-semibold">
        {t("admin.translations.media.title")}
      </h2>
      <p className="max-w-3xl text-sm text-muted-foreground">{t("admin.translations.media.intro")}</p>
      <ul className="grid gap-3 sm:grid-cols-3">
        {LANGUAGES.map((language) => (
          <li key={language} className="grid gap-1 rounded-md border border-border p-3 text-sm" data-testid={`media-counts-${language}`}>
            <span className="font-medium">{LANGUAGE_NAMES[language]}</span>
            {(["missing", "outdated", "upToDate"] as const).map((state) => {
              const count = media.counts[language][state];
              const label = `${t(`admin.translations.states.${state}`)}: ${count}`;
              return state !== "upToDate" && count > 0 ? (
                <Link
                  key={state}
                  to={`?media=${language}&state=${state}#media-translations-title`}
                  className={`${STATE_CLASS[state]} inline-flex min-h-11 items-center underline underline-offset-2 sm:min-h-0`}
                  aria-current={media.language === language && media.state === state ? "true" : undefined}
                  data-state={state}
                >
                  {label}
                </Link>
              ) : (
                <span
                  key={state}
                  className={`${count > 0 ? STATE_CLASS[state] : "text-muted-foreground"} inline-flex min-h-11 items-center sm:min-h-0`}
                  data-state={state}
                >
                  {label}
                </span>
              );
            })}
          </li>
        ))}
      </ul>
      {media.items.length > 0 ? (
        <>
          <h3 className="text-base font-medium">
            {t("admin.translations.media.listTitle", {
              state: t(`admin.translations.states.${media.state}`),
              language: LANGUAGE_NAMES[media.language],
            })}
          </h3>
          {total > media.items.length ? (
            <p className="text-sm text-muted-foreground">{t("admin.translations.media.newest", { shown: media.items.length, total })}</p>
          ) : null}
          <ul className="divide-y divide-border rounded-md border border-border" data-testid="media-translations-list">
            {media.items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm" data-state={media.state}>
                <span className="min-w-0 basis-full break-words sm:flex-1 sm:basis-0">{item.title}</span>
                <span className="text-xs text-muted-foreground">
                  {t("admin.translations.media.from", { language: languageName(item.sourceLanguage) })}
                  {item.draft ? ` · ${t("admin.translations.media.draft")}` : ""}
                </span>
                {item.translationDraft ? (
                  <span className="text-xs text-amber-300" data-testid="media-translation-draft">
                    {t("admin.translations.media.translationDraft")}
                  </span>
                ) : null}
                <Link
                  to={`/admin/media/${item.id}#translation-${media.language}`}
                  className="inline-flex min-h-11 items-center text-primary underline underline-offset-2 sm:min-h-0"
                >
                  {t("admin.translations.media.translate", { language: LANGUAGE_NAMES[media.language] })}
                </Link>
                <ActionButton
                  intent="startMedia"
                  schema={startMediaSchema}
                  target={`${item.id}-${media.language}`}
                  fields={{ item: item.id, language: media.language }}
                  label={t("admin.translations.media.startFrom", { language: languageName(item.sourceLanguage) })}
                  busyLabel={t("admin.actions.working")}
                />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{t("admin.translations.media.nothing")}</p>
      )}
    </section>
  );
}
