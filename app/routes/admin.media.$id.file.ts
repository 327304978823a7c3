import { data, type ActionFunctionArgs } from "react-router";
import { consoleNotFound, requireConsole } from "~/features/admin/guard.server";
import { fileNameOf, replaceFile, UploadError } from "~/features/admin/upload.server";
import { MEDIA_POSTER_MAX_BYTES, MEDIA_UPLOAD_MAX_BYTES } from "~/features/admin/upload-limit";
import type { Page } from "~/lib/page";

export const page = { console: "media", body: { stream: true, limit: MEDIA_UPLOAD_MAX_BYTES + MEDIA_POSTER_MAX_BYTES } } satisfies Page;

/** POST /admin/media/:id/file: replaces an item's file (raw body, name in X-File-Name), through the import. */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireConsole(request, "media");
  const fileName = fileNameOf(request);
  if (!fileName) return data({ ok: false, error: "admin.media.errors.fileName" }, { status: 400 });
  try {
    return data({ ok: true, ...(await replaceFile(actor, params.id ?? "", request, { fileName, maxBytes: MEDIA_UPLOAD_MAX_BYTES })) });
  } catch (error) {
    if (error instanceof UploadError) return data({ ok: false, error: error.key }, { status: error.status });
    throw error;
  }
}

export async function loader({ request }: ActionFunctionArgs) {
  await requireConsole(request, "media");
  consoleNotFound(request);
}
