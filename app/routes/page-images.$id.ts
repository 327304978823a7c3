import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "react-router";
import { pageImageFile } from "~/lib/page-images.server";
import { StorageUnavailableError } from "~/lib/storage.server";

/**
 * `/page-images/<id>?v=<version>` (ADR 0082): the rendition of a published library image a content
 * page shows (never the original file), cached for a day; 404 once the item is unpublished or gone.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  try {
    const stream = await pageImageFile(params.id ?? "");
    if (!stream)
      return new Response("Not Found\n", {
        status: 404,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" },
      });
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: { "Content-Type": "image/webp", "Cache-Control": "public, max-age=86400", "X-Content-Type-Options": "nosniff" },
    });
  } catch (error) {
    if (error instanceof StorageUnavailableError) return new Response(null, { status: 503, headers: { "Retry-After": "30" } });
    throw error;
  }
}
