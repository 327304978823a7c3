import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, type Language } from "~/lib/i18n";
import { useTranslation } from "~/lib/use-translation";
import { ActionButton } from "./console-form";
import { useDateFormat } from "./use-date-format";

/**
 * Whether a page is live in a language, with "Unpublish" or "Republish" (ADR 0058), on the page's
 * editor and its history. The buttons post to the history route's action wherever they are shown.
 * The default language cannot be unpublished: it is what the others fall back to.
 */
export function PagePublication({
  namespace,
  language,
  unpublishedAt,
}: {
  namespace: string;
  language: Language;
  unpublishedAt: string | null;
}) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  if (language === DEFAULT_LANGUAGE) return null;
  const names = { language: LANGUAGE_NAMES[language], fallback: LANGUAGE_NAMES[DEFAULT_LANGUAGE] };
  const action = `/admin/pages/${namespace}/history?language=${language}`;
  return (
    <div className="mb-6 flex flex-wrap items-start gap-3 rounded-md border border-border p-3 text-sm" data-testid="page-publication">
      <p className="flex-1 text-muted-foreground">
        {unpublishedAt
          ? t("admin.pages.history.unpublishedNote", { ...names, date: formatDate(unpublishedAt) })
          : t("admin.pages.history.liveNote", names)}
      </p>
      {unpublishedAt ? (
        <ActionButton
          intent="republish"
          action={action}
          target={`${namespace}-${language}`}
          label={t("admin.pages.history.republish", names)}
          busyLabel={t("admin.pages.publishing")}
        />
      ) : (
        <ActionButton
          intent="unpublish"
          action={action}
          target={`${namespace}-${language}`}
          variant="destructive"
          label={t("admin.pages.history.unpublish", names)}
          busyLabel={t("admin.actions.working")}
          confirm={t("admin.pages.history.confirmUnpublish", names)}
        />
      )}
    </div>
  );
}
