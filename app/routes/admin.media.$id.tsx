import { useTranslation } from "~/lib/use-translation";
import { useLoaderData, useRevalidator, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { AdminHeading } from "~/features/admin/components/admin-shell";
import { ActionButton, DeleteButton } from "~/features/admin/components/console-form";
import { MediaUploader } from "~/features/admin/components/media-uploader";
import { consoleMeta } from "~/features/admin/console.server";
import { MediaEditForm } from "~/features/admin/forms/media-edit-form";
import { consoleNotFound, requireConsole } from "~/features/admin/guard.server";
import { mediaItemAction } from "~/features/admin/media-actions.server";
import { loadMediaItem } from "~/features/admin/media-item.server";
import { LINK_ROWS } from "~/features/admin/schemas/media-schema";
import { ACCEPTED_EXTENSIONS, MEDIA_UPLOAD_MAX_BYTES } from "~/features/admin/upload.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "media" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/media/:id: every field of the item and its translations, publish or back to draft, replace its file, delete it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireConsole(request, "media");
  const data = await loadMediaItem(params.id ?? "");
  if (!data) consoleNotFound(request);
  return {
    ...data,
    accept: ACCEPTED_EXTENSIONS,
    maxBytes: MEDIA_UPLOAD_MAX_BYTES,
    linkRows: LINK_ROWS,
    meta: await consoleMeta(request, "admin.meta.media"),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return mediaItemAction(request, await requireConsole(request, "media"), params.id ?? "");
}

export default function AdminMediaItemRoute() {
  const { t } = useTranslation();
  const { item, categories, accept, maxBytes, linkRows } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [search] = useSearchParams();
  const facts = [
    item.fileName ? [t("admin.media.facts.file"), item.fileName] : null,
    item.mimeType ? [t("admin.media.facts.mime"), item.mimeType] : null,
    item.fileSize !== null ? [t("admin.media.facts.size"), `${item.fileSize} B`] : null,
    item.widthPx && item.heightPx ? [t("admin.media.facts.dimensions"), `${item.widthPx} × ${item.heightPx} px`] : null,
    item.durationMs !== null ? [t("admin.media.facts.duration"), `${(item.durationMs / 1000).toFixed(1)} s`] : null,
    item.pages !== null ? [t("admin.media.facts.pages"), String(item.pages)] : null,
    item.sheetType ? [t("admin.media.facts.sheetType"), item.sheetType] : null,
    [t("admin.media.columns.downloads"), String(item.downloads)],
  ].filter((fact): fact is string[] => fact !== null);
  return (
    <>
      <AdminHeading back={{ to: "/admin/media", label: t("admin.media.back") }} title={item.title}>
        {item.publishedAt ? (
          <ActionButton intent="unpublish" label={t("admin.media.publishing.unpublish")} busyLabel={t("admin.actions.saving")} />
        ) : (
          <ActionButton
            intent="publish"
            variant="default"
            label={t("admin.media.publishing.publish")}
            busyLabel={t("admin.actions.saving")}
          />
        )}
        <DeleteButton label={t("admin.media.delete")} confirm={t("admin.media.confirmDelete", { title: item.title })} />
      </AdminHeading>
      <p
        role="note"
        data-testid="media-publish-state"
        className={`mb-4 rounded-md border px-4 py-3 text-sm ${item.publishedAt ? "border-border" : "border-accent/60 bg-accent/10"}`}
      >
        {item.publishedAt ? t("admin.media.publishing.publishedNote") : t("admin.media.publishing.draftNote")}
      </p>
      {search.get("created") === "1" ? (
        <p role="status" className="mb-4 rounded-md border border-primary/50 bg-primary/10 px-4 py-3 text-sm">
          {t("admin.media.serviceCreated")}
        </p>
      ) : null}
      <div className="mb-8 flex flex-wrap gap-6 rounded-lg border border-border bg-card p-4">
        {item.thumbnailUrl ? <img src={item.thumbnailUrl} alt="" className="h-32 w-auto rounded object-contain" /> : null}
        <dl className="grid flex-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2" data-testid="media-facts">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt className="text-xs text-muted-foreground">{term}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <MediaEditForm item={item} categories={categories} linkRows={linkRows} />
      {item.hasFile ? (
        <section aria-labelledby="replace-title" className="mt-10">
          <h2 id="replace-title" className="mb-3 text-lg font-semibold">
            {t("admin.media.replaceTitle")}
          </h2>
          <MediaUploader
            accept={accept}
            maxBytes={maxBytes}
            target={`/admin/media/${item.id}/file`}
            multiple={false}
            onDone={() => revalidator.revalidate()}
          />
        </section>
      ) : null}
    </>
  );
}
