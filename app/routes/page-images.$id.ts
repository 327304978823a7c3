import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "react-router";
import { pageImageFile, parseRendition } from "~/lib/page-images.server";
import { StorageUnavailableError } from "~/lib/storage.server";

const plain = (status: number, text: string) =>
  new Response(`${text}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" } });

/**
 * `/page-images/<id>?v=<version>[&w=<width>&f=<format>]` (ADR 0082, ADR 0091): a rendition of a published
 * library image a content page shows (never the original file): the 480 px WebP, or one of the fixed
 * larger widths in AVIF or WebP once drawn. Cached for a day; 404 once the item is unpublished or gone,
 * or for a size it does not have; 400 for a width or format outside the list.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const rendition = parseRendition(new URL(request.url).searchParams);
  if (!rendition) return plain(400, "Bad Request: w is one of 480, 960, 1440 and f one of avif, webp");
  try {
    const stream = await pageImageFile(params.id ?? "", rendition.width, rendition.format);
    if (!stream) return plain(404, "Not Found");
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: {
        "Content-Type": `image/${rendition.format}`,
        "Cache-Control": "public, max-age=86400",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (error instanceof StorageUnavailableError) return new Response(null, { status: 503, headers: { "Retry-After": "30" } });
    throw error;
  }
}
