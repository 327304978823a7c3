import { useTranslation } from "~/lib/use-translation";
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { AdminHeading } from "~/features/admin/components/admin-shell";
import { MediaUploader } from "~/features/admin/components/media-uploader";
import { consoleMeta } from "~/features/admin/console.server";
import { requireConsole } from "~/features/admin/guard.server";
import { ACCEPTED_EXTENSIONS, MEDIA_UPLOAD_MAX_BYTES } from "~/features/admin/upload.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "media" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/media/new: upload files (drag and drop or several at once), each published through the import. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "media");
  return { accept: ACCEPTED_EXTENSIONS, maxBytes: MEDIA_UPLOAD_MAX_BYTES, meta: await consoleMeta(request, "admin.meta.media") };
}

export default function AdminMediaUploadRoute() {
  const { t } = useTranslation();
  const { accept, maxBytes } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminHeading back={{ to: "/admin/media", label: t("admin.media.back") }} title={t("admin.media.uploadTitle")} />
      <p className="mb-4 max-w-2xl text-sm text-muted-foreground">{t("admin.media.uploadIntro")}</p>
      <noscript>
        <p className="mb-4 rounded-md border border-destructive p-3 text-sm">{t("admin.media.needsJavaScript")}</p>
      </noscript>
      <MediaUploader accept={accept} maxBytes={maxBytes} />
    </>
  );
}
