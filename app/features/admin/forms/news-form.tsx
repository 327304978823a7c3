import { useMemo } from "react";
import { getFormProps, HydratedInput, SelectField, SubmitButton, TextareaField, TextField } from "~/components/form";
import type { NewsFields } from "~/db/schema";
import { newsPostSchema } from "~/features/news/news-schema";
import type { NewsState } from "~/features/news/news.server";
import { LANGUAGE_NAMES, type Language } from "~/lib/i18n";
import { useTranslation } from "~/lib/use-translation";
import { AdminHeading } from "../components/admin-shell";
import { LanguageTabs } from "../components/language-tabs";
import { ActionButton, DeleteButton, FormMadeAnew, FormOutcome, useConsoleForm } from "../components/console-form";
import { AutosaveStatus, usePageAutosave } from "../components/page-autosave";
import { PagePreviewLink } from "../components/page-preview-link";
import { PageSchedule, type PageScheduleData } from "../components/page-schedule";
import { RichTextField } from "../components/rich-text-field";
import { useDateFormat } from "../components/use-date-format";

export interface NewsEditorData {
  /** The post's id, or "new" before its first save. */
  id: string;
  language: Language;
  state: NewsState;
  fields: NewsFields;
  /** The language's public address while it is live. */
  live: { slug: string } | null;
  publishedAt: string | null;
  updatedAt: string | null;
  draftAt: string | null;
  schedule: PageScheduleData | null;
  titles: Partial<Record<Language, string>>;
  versions: Array<{ id: number; number: number; title: string; publishedAt: string; email: string | null }>;
  /** The signed preview link of this language's draft (ADR 0059's link), none before the first save. */
  preview: { url: string; expiresAt: string } | null;
}

/**
 * The editor of one news post in one language (ADR 0066): a tab per language, the post's fields (the
 * draft, else the published text), Save draft and Publish; the language's schedule, unpublish, its
 * versions, and deleting the post. Made anew when the loader's state changes (a save, a publish).
 */
/** A published picture of the library a post may show as its cover (ADR 0082's list). */
export interface CoverChoice {
  id: string;
  title: string;
}

export function NewsEditor({ post, coverChoices = [] }: { post: NewsEditorData; coverChoices?: CoverChoice[] }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const isNew = post.id === "new";
  const languageName = LANGUAGE_NAMES[post.language];
  const title = post.fields.title || post.titles.en || post.titles.de || post.titles.es;
  const target = `${post.id}-${post.language}`;
  return (
    <>
      <AdminHeading
        title={
          title ? t("admin.news.editorTitle", { title, language: languageName }) : t("admin.news.newTitle", { language: languageName })
        }
        back={{ to: "/admin/news", label: t("admin.news.title") }}
      >
        {post.live ? (
          <a
            href={`/news/${post.live.slug}?lang=${post.language}`}
            className="text-sm text-primary underline underline-offset-2"
            data-testid="news-view"
          >
            {t("admin.news.viewPost")}
          </a>
        ) : null}
      </AdminHeading>
      <LanguageTabs
        label={t("admin.news.language")}
        current={post.language}
        hrefOf={(language) => `/admin/news/${post.id}?language=${language}`}
      />
      <div className="mb-6 space-y-1 text-sm text-muted-foreground" data-testid="news-state" data-state={post.state}>
        {post.draftAt ? <p>{t("admin.news.draftNote", { date: formatDate(post.draftAt) })}</p> : null}
        <p>
          {post.state === "unpublished"
            ? t("admin.news.unpublishedNote")
            : post.publishedAt && post.updatedAt
              ? t("admin.news.publishedNote", { date: formatDate(post.publishedAt), updated: formatDate(post.updatedAt) })
              : t("admin.news.neverPublished")}
        </p>
      </div>
      {post.preview ? <PagePreviewLink preview={post.preview} /> : null}
      {isNew ? null : <PageSchedule target={target} schedule={post.schedule} />}
      <FormMadeAnew intent="save" target={target} version={`${post.draftAt}-${post.updatedAt}`}>
        <NewsFieldsForm post={post} coverChoices={coverChoices} />
      </FormMadeAnew>
      {isNew ? null : (
        <div className="mt-8 flex flex-wrap items-start gap-3 border-t border-border pt-6">
          {post.live ? (
            <ActionButton
              intent="unpublish"
              target={target}
              label={t("admin.news.unpublish", { language: languageName })}
              confirm={t("admin.news.confirmUnpublish")}
            />
          ) : null}
          <DeleteButton label={t("admin.news.delete")} confirm={t("admin.news.confirmDelete")} />
        </div>
      )}
      {isNew ? null : <NewsVersions post={post} />}
    </>
  );
}

function NewsFieldsForm({ post, coverChoices }: { post: NewsEditorData; coverChoices: CoverChoice[] }) {
  const { t } = useTranslation();
  const target = `${post.id}-${post.language}`;
  const defaultValue = useMemo(() => ({ ...post.fields, tags: post.fields.tags.join(", ") }), [post.fields]);
  const kit = useConsoleForm("save", { schema: newsPostSchema, target, intents: ["save", "publish", "discard"], defaultValue });
  const posting = kit.fetcher.formData?.get("intent");
  // The pages' autosave (ADR 0059); a post not saved yet has no address to save to until its first save.
  const autosave = usePageAutosave(target);
  const isNew = post.id === "new";
  return (
    <kit.fetcher.Form
      method="post"
      {...getFormProps(kit.form)}
      className="max-w-3xl space-y-4"
      onInput={isNew ? undefined : autosave.onInput}
      onSubmitCapture={autosave.onSubmitCapture}
    >
      <HydratedInput />
      <TextField field={kit.fields.title!} label={t("admin.news.fields.title")} />
      <TextField field={kit.fields.slug!} label={t("admin.news.fields.slug")} description={t("admin.news.fields.slugHint")} />
      <TextareaField field={kit.fields.summary!} label={t("admin.news.fields.summary")} description={t("admin.news.fields.summaryHint")} />
      <RichTextField field={kit.fields.body!} value={post.fields.body} label={t("admin.news.fields.body")} pictures={coverChoices} />
      <div className="grid gap-1">
        <SelectField
          field={kit.fields.coverId!}
          label={t("admin.news.fields.cover")}
          options={[
            { value: "", label: t("admin.news.fields.noCover") },
            ...coverChoices.map((choice) => ({ value: choice.id, label: choice.title })),
            // A cover chosen before and no longer published stays chosen until the operator picks another.
            ...(post.fields.coverId && !coverChoices.some((choice) => choice.id === post.fields.coverId)
              ? [{ value: post.fields.coverId, label: t("admin.news.fields.coverNotPublished") }]
              : []),
          ]}
        />
        <p className="text-xs text-muted-foreground">{t("admin.news.fields.coverHint")}</p>
      </div>
      <TextField field={kit.fields.tags!} label={t("admin.news.fields.tags")} description={t("admin.news.fields.tagsHint")} />
      <FormOutcome kit={kit} />
      {isNew ? null : <AutosaveStatus fetcher={autosave.fetcher} />}
      <div className="flex flex-wrap gap-2">
        <SubmitButton
          name="intent"
          value="save"
          variant="outline"
          busy={kit.busy && posting === "save"}
          busyLabel={t("admin.actions.saving")}
        >
          {t("admin.news.saveDraft")}
        </SubmitButton>
        <SubmitButton name="intent" value="publish" busy={kit.busy && posting === "publish"} busyLabel={t("admin.news.publishing")}>
          {t("admin.news.publish", { language: LANGUAGE_NAMES[post.language] })}
        </SubmitButton>
        {post.draftAt && post.state === "changed" ? (
          <SubmitButton
            name="intent"
            value="discard"
            variant="destructive"
            formNoValidate
            busy={kit.busy && posting === "discard"}
            busyLabel={t("admin.news.discarding")}
            onClick={(event) => {
              if (!window.confirm(t("admin.news.confirmDiscard"))) event.preventDefault();
            }}
          >
            {t("admin.news.discard")}
          </SubmitButton>
        ) : null}
      </div>
    </kit.fetcher.Form>
  );
}

/** The language's publishes, newest first; any can become the draft again. */
function NewsVersions({ post }: { post: NewsEditorData }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  return (
    <section aria-labelledby="news-versions" className="mt-8 space-y-2 text-sm">
      <h2 id="news-versions" className="font-medium">
        {t("admin.news.versions.title")}
      </h2>
      {post.versions.length === 0 ? (
        <p className="text-muted-foreground">{t("admin.news.versions.none")}</p>
      ) : (
        <ol className="space-y-2">
          {post.versions.map((version) => (
            <li key={version.id} className="flex flex-wrap items-center gap-3">
              <span>
                {t("admin.news.versions.label", {
                  number: version.number,
                  title: version.title,
                  date: formatDate(version.publishedAt),
                  email: version.email ?? "",
                })}
              </span>
              <ActionButton
                intent="restore"
                target={`${post.id}-${post.language}-${version.id}`}
                fields={{ version: String(version.id) }}
                label={t("admin.news.versions.restore")}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
