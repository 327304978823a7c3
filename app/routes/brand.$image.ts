import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "react-router";
import { BRAND_IMAGES, BRAND_PATHS, type BrandImage } from "~/lib/brand";
import { brandFile } from "~/lib/brand.server";
import { StorageUnavailableError } from "~/lib/storage.server";

const IMAGE_OF_SEGMENT = new Map<string, BrandImage>(BRAND_IMAGES.map((image) => [BRAND_PATHS[image].slice("/brand/".length), image]));
const notFound = () =>
  new Response("Not Found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" } });

/**
 * `/brand/logo`, `/brand/favicon`, `/brand/share-image` (ADR 0076): the library picture an admin chose
 * as the brand, served to everyone from the site's own origin (a conscious publication: the original
 * file, which the library otherwise gives only to members). The pages link it with `?v=<version>`:
 * that URL is cached for a year; any other (an old version, none) is revalidated, so a new choice
 * shows at once. 404 while nothing is chosen: the pages then link the product's own files.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const image = IMAGE_OF_SEGMENT.get(params.image ?? "");
  if (!image) return notFound();
  try {
    const file = await brandFile(image, new URL(request.url).searchParams.get("v"));
    if (!file) return notFound();
    return new Response(Readable.toWeb(file.stream) as ReadableStream, {
      headers: {
        "Content-Type": file.type,
        "Cache-Control": file.current ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
      },
    });
  } catch (error) {
    if (error instanceof StorageUnavailableError) return new Response(null, { status: 503, headers: { "Retry-After": "30" } });
    throw error;
  }
}
