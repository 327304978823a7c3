import { data, type ActionFunctionArgs } from "react-router";
import { consoleNotFound, requireConsole } from "~/features/admin/guard.server";
import { fileNameOf, storeUpload, UploadError } from "~/features/admin/upload.server";
import { isLanguage } from "~/lib/i18n";
import { MEDIA_POSTER_MAX_BYTES, MEDIA_UPLOAD_MAX_BYTES } from "~/features/admin/upload-limit";
import type { Page } from "~/lib/page";

export const page = { console: "media", body: { stream: true, limit: MEDIA_UPLOAD_MAX_BYTES + MEDIA_POSTER_MAX_BYTES } } satisfies Page;

/**
 * POST /admin/media/upload: one file per request, the raw bytes as the body (the browser's
 * XMLHttpRequest reports upload progress), its name in `X-File-Name` (URI-encoded). Streamed to
 * disk and stored as a draft through the media import (app/features/admin/upload.server.ts).
 * Its body limit is MEDIA_UPLOAD_MAX_BYTES (upload.server.ts), far above the app's default, plus the picture
 * the browser may send in front of a video or audio file for its card (`X-Poster-Length`, ADR 0093).
 */

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireConsole(request, "media");
  const fileName = fileNameOf(request);
  if (!fileName) return data({ ok: false, error: "admin.media.errors.fileName" }, { status: 400 });
  const lang = new URL(request.url).searchParams.get("lang");
  try {
    const stored = await storeUpload(actor, request, {
      fileName,
      language: isLanguage(lang) ? lang : "en",
      maxBytes: MEDIA_UPLOAD_MAX_BYTES,
    });
    return data({ ok: true, ...stored });
  } catch (error) {
    if (error instanceof UploadError) return data({ ok: false, error: error.key }, { status: error.status });
    throw error;
  }
}

/** Only POST: a GET is an unknown path like any other. */
export async function loader({ request }: ActionFunctionArgs) {
  await requireConsole(request, "media");
  consoleNotFound(request);
}
