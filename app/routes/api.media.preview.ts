import { redirect, type LoaderFunctionArgs } from "react-router";
import { getOptionalUser } from "~/features/account/session.server";
import { createPreview } from "~/features/media/media.server";

/**
 * GET /api/media/:id/preview: anyone may preview (spec §6); a visitor sees a rendition, a member the
 * original (createPreview, ADR 0069). Redirects to a 60 s signed URL shown inline (works as a plain
 * link), or answers `{ url }` with `?format=json`; 401 for a visitor's image that has no rendition.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const result = await createPreview(params.id ?? "", await getOptionalUser(request));
  const headers = { "Cache-Control": "no-store" };
  if (!result.ok) {
    const error = result.status === 401 ? "Please sign in to open this file" : "Not found";
    return Response.json({ error }, { status: result.status, headers });
  }
  if (new URL(request.url).searchParams.get("format") === "json") return Response.json({ url: result.url }, { headers });
  return redirect(result.url, { headers });
}
