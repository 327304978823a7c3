import { getFormProps, HydratedInput, SubmitButton } from "~/components/form";
import { contentPageOf, isContentNamespace } from "~/lib/content-pages";
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, type Language } from "~/lib/i18n";
import { useTranslation } from "~/lib/use-translation";
import { buttonSchema } from "../schemas/console-schemas";
import { FormOutcome, useConsoleForm } from "./console-form";
import { useDateFormat } from "./use-date-format";

/**
 * Whether a page is live in a language, with "Unpublish" or "Republish" (ADR 0058), on the page's
 * editor and its history. One form for both (its answer stays in place when the button turns into the
 * other one), posting to the history route's action wherever it is shown. The default language cannot
 * be unpublished: it is what the others fall back to.
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
  const kit = useConsoleForm("unpublish", {
    schema: buttonSchema,
    target: `${namespace}-${language}`,
    intents: ["unpublish", "republish"],
  });
  // A block on every page (the footer) is never unpublished: its namespace is the whole shell's.
  if (language === DEFAULT_LANGUAGE || (isContentNamespace(namespace) && contentPageOf(namespace).everyPage)) return null;
  const names = { language: LANGUAGE_NAMES[language] };
  return (
    <kit.fetcher.Form
      method="post"
      action={`/admin/pages/${namespace}/history?language=${language}`}
      {...getFormProps(kit.form)}
      className="mb-6 grid gap-2 rounded-md border border-border p-3 text-sm"
      data-testid="page-publication"
    >
      <HydratedInput />
      <div className="flex flex-wrap items-center gap-3">
        <p className="flex-1 text-muted-foreground">
          {unpublishedAt
            ? t("admin.pages.history.unpublishedNote", { ...names, date: formatDate(unpublishedAt) })
            : t("admin.pages.history.liveNote", names)}
        </p>
        {unpublishedAt ? (
          <SubmitButton name="intent" value="republish" size="sm" variant="outline" busy={kit.busy} busyLabel={t("admin.pages.publishing")}>
            {t("admin.pages.history.republish", names)}
          </SubmitButton>
        ) : (
          <SubmitButton
            name="intent"
            value="unpublish"
            size="sm"
            variant="destructive"
            busy={kit.busy}
            busyLabel={t("admin.actions.working")}
            onClick={(event) => {
              if (!window.confirm(t("admin.pages.history.confirmUnpublish", names))) event.preventDefault();
            }}
          >
            {t("admin.pages.history.unpublish", names)}
          </SubmitButton>
        )}
      </div>
      <FormOutcome kit={kit} />
    </kit.fetcher.Form>
  );
}
