import type { PageImage } from "~/lib/page-images.server";

/**
 * A picture of the media library on a public page (ADR 0082): its rendition with the size it was drawn
 * at, so the page keeps its layout while it loads. Lazy unless the caller says otherwise (the picture
 * above the fold is fetched first).
 */
export function PagePicture({
  image,
  className,
  loading = "lazy",
  fetchPriority,
  testId,
}: {
  image: PageImage;
  className?: string;
  loading?: "lazy" | "eager";
  fetchPriority?: "high" | "low" | "auto";
  testId?: string;
}) {
  return (
    <img
      src={image.src}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      className={className}
      data-testid={testId}
    />
  );
}
