import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { getOptionalUser } from "~/features/account/session.server";
import { createDownload } from "~/features/media/media.server";

/**
 * POST /api/media/:id/download: signed-in users only (401 for visitors, whatever the page shows).
 * Counts the download and answers `{ url, fileName }`: a 60 s signed URL the browser downloads natively.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  const result = await createDownload(await getOptionalUser(request), params.id ?? "");
  const headers = { "Cache-Control": "no-store" };
  if (!result.ok) {
    const error = result.status === 401 ? "Please sign in to download files" : "Not found";
    return Response.json({ error }, { status: result.status, headers });
  }
  return Response.json({ url: result.url, fileName: result.fileName, downloadCount: result.downloadCount }, { headers });
}

/** GET is refused: a download changes the count, so it is never triggered by a link or prefetch. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) return Response.json({ error: "Please sign in to download files" }, { status: 401 });
  return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
