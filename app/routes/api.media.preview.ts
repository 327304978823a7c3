import { redirect, type LoaderFunctionArgs } from "react-router";
import { createPreview } from "~/features/media/media.server";

/**
 * GET /api/media/:id/preview: anyone may preview (spec §6). Redirects to a 60 s signed URL of the
 * file shown inline (works as a plain link), or answers `{ url }` with `?format=json`.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const result = await createPreview(params.id ?? "");
  const headers = { "Cache-Control": "no-store" };
  if (!result.ok) return Response.json({ error: "Not found" }, { status: 404, headers });
  if (new URL(request.url).searchParams.get("format") === "json") return Response.json({ url: result.url }, { headers });
  return redirect(result.url, { headers });
}
