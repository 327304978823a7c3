import { useMemo } from "react";
import { Link } from "react-router";
import { getFormProps, HydratedInput, SelectField, SubmitButton, TextareaField, TextField } from "~/components/form";
import { LANGUAGE_NAMES, type Language } from "~/lib/i18n";
import { useTranslation } from "~/lib/use-translation";
import { parseRichTextJson, richTextPlain } from "~/lib/rich-text";
import { AdminHeading } from "../components/admin-shell";
import { LanguageTabs } from "../components/language-tabs";
import { FormMadeAnew, FormOutcome, useConsoleForm } from "../components/console-form";
import { AutosaveStatus, usePageAutosave } from "../components/page-autosave";
import { PagePreviewLink } from "../components/page-preview-link";
import { PagePublication } from "../components/page-publication";
import { PageSchedule, type PageScheduleData } from "../components/page-schedule";
import { RichTextField } from "../components/rich-text-field";
import { useDateFormat } from "../components/use-date-format";
import type { EditorField, PageState } from "../pages.server";
import { pageFieldsSchema } from "../schemas/page-schema";

export interface PageEditorData {
  namespace: string;
  path: string;
  legal: boolean;
  language: Language;
  state: PageState;
  publishedAt: string | null;
  draftAt: string | null;
  unpublishedAt: string | null;
  fields: EditorField[];
  /** The signed link of this language's draft (ADR 0059). */
  preview: { url: string; expiresAt: string };
  /** Its scheduled publish (ADR 0059). */
  schedule: PageScheduleData | null;
}

/**
 * The editor of one content page in one language (ADR 0054): a field per text of the page's default
 * file, holding the text the page shows (an unedited field its default, which it keeps following when
 * saved unchanged or emptied); an edited field names its default below it. Save keeps a draft, Publish makes
 * this language live, Discard drops the draft. The form is made anew when the loader's state changes
 * (a save, a publish, another language), so it always starts from what the server holds.
 */
export interface ImageChoice {
  id: string;
  title: string;
}

export function PageEditor({ page, imageChoices = [] }: { page: PageEditorData; imageChoices?: ImageChoice[] }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const pageName = t(`admin.pages.names.${page.namespace}`);
  return (
    <>
      <AdminHeading
        title={t("admin.pages.editorTitle", { page: pageName, language: LANGUAGE_NAMES[page.language] })}
        back={{ to: "/admin/pages", label: t("admin.pages.title") }}
      >
        <a href={`${page.path}?lang=${page.language}`} className="text-sm text-primary underline underline-offset-2">
          {t("admin.pages.viewPage")}
        </a>
        <Link
          to={`/admin/pages/${page.namespace}/history?language=${page.language}`}
          className="text-sm text-primary underline underline-offset-2"
        >
          {t("admin.pages.history.link")}
        </Link>
      </AdminHeading>
      <LanguageTabs
        label={t("admin.pages.language")}
        current={page.language}
        hrefOf={(language) => `/admin/pages/${page.namespace}?language=${language}`}
      />
      <div className="mb-6 space-y-1 text-sm text-muted-foreground">
        <p data-testid="page-state" data-state={page.state}>
          {page.draftAt ? t("admin.pages.draftNote", { date: formatDate(page.draftAt) }) : null}{" "}
          {page.publishedAt ? t("admin.pages.publishedNote", { date: formatDate(page.publishedAt) }) : t("admin.pages.neverPublished")}
        </p>
        {page.legal ? <p>{t("admin.pages.legalNote")}</p> : null}
        <p>{t("admin.pages.emptyUsesDefault")}</p>
      </div>
      <PagePreviewLink preview={page.preview} />
      <PageSchedule target={`${page.namespace}-${page.language}`} schedule={page.schedule} />
      <PagePublication namespace={page.namespace} language={page.language} unpublishedAt={page.unpublishedAt} />
      <FormMadeAnew intent="save" target={`${page.namespace}-${page.language}`} version={`${page.draftAt}-${page.publishedAt}`}>
        <PageFields page={page} imageChoices={imageChoices} />
      </FormMadeAnew>
    </>
  );
}

/** A rich field's default as its words (the hint under an edited field). */
function plainText(json: string) {
  const parsed = parseRichTextJson(json);
  return parsed.ok ? richTextPlain(parsed.doc) : "";
}

function PageFields({ page, imageChoices }: { page: PageEditorData; imageChoices: ImageChoice[] }) {
  const { t } = useTranslation();
  const schema = useMemo(() => pageFieldsSchema(page.fields), [page.fields]);
  const defaultValue = useMemo(() => Object.fromEntries(page.fields.map((field) => [field.name, field.value])), [page.fields]);
  const kit = useConsoleForm("save", {
    schema,
    target: `${page.namespace}-${page.language}`,
    intents: ["save", "publish", "discard"],
    defaultValue,
  });
  const posting = kit.fetcher.formData?.get("intent");
  const autosave = usePageAutosave(`${page.namespace}-${page.language}`);
  const languageName = LANGUAGE_NAMES[page.language];
  return (
    <kit.fetcher.Form
      method="post"
      {...getFormProps(kit.form)}
      className="space-y-4"
      onInput={autosave.onInput}
      onSubmitCapture={autosave.onSubmitCapture}
    >
      <HydratedInput />
      {page.fields.map((field) => {
        const label = (
          <>
            <code className="text-xs">{field.path}</code>
            {field.newDefault ? (
              <span className="ml-2 rounded bg-amber-500/15 px-1.5 py-0.5 text-xs text-amber-300">{t("admin.pages.newDefault")}</span>
            ) : null}
          </>
        );
        const description =
          field.value === field.defaultText
            ? undefined
            : t("admin.pages.defaultHint", { text: field.rich ? plainText(field.defaultText) : field.defaultText });
        const Field = field.long ? TextareaField : TextField;
        return (
          <div key={field.name} data-path={field.path}>
            {field.image ? (
              <div className="grid gap-1">
                <SelectField
                  field={kit.fields[field.name]!}
                  label={label}
                  options={[
                    { value: "", label: t("admin.pages.noImage") },
                    ...imageChoices.map((choice) => ({ value: choice.id, label: choice.title })),
                  ]}
                />
                <p className="text-xs text-muted-foreground">{t("admin.pages.imageHint")}</p>
              </div>
            ) : field.rich ? (
              <RichTextField
                field={kit.fields[field.name]!}
                value={field.value}
                label={label}
                description={description}
                pictures={imageChoices}
              />
            ) : (
              <Field field={kit.fields[field.name]!} label={label} description={description} />
            )}
          </div>
        );
      })}
      <FormOutcome kit={kit} />
      <AutosaveStatus fetcher={autosave.fetcher} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton
          name="intent"
          value="save"
          variant="outline"
          busy={kit.busy && posting === "save"}
          busyLabel={t("admin.actions.saving")}
        >
          {t("admin.pages.saveDraft")}
        </SubmitButton>
        <SubmitButton name="intent" value="publish" busy={kit.busy && posting === "publish"} busyLabel={t("admin.pages.publishing")}>
          {t("admin.pages.publish", { language: languageName })}
        </SubmitButton>
        {page.draftAt ? (
          <SubmitButton
            name="intent"
            value="discard"
            variant="destructive"
            formNoValidate
            busy={kit.busy && posting === "discard"}
            busyLabel={t("admin.pages.discarding")}
            onClick={(event) => {
              if (!window.confirm(t("admin.pages.confirmDiscard"))) event.preventDefault();
            }}
          >
            {t("admin.pages.discard")}
          </SubmitButton>
        ) : null}
      </div>
    </kit.fetcher.Form>
  );
}
