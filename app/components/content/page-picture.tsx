import type { PageImage } from "~/lib/page-images.server";

/**
 * A picture of the media library on a public page (ADR 0082, ADR 0091): AVIF and WebP in the widths
 * drawn, for the browser to pick by `sizes` (the width the layout gives the picture), and the 480 px
 * WebP with its size as the `<img>`, so the page keeps its layout while it loads. An item whose larger
 * sizes are not drawn yet is the `<img>` alone. Lazy unless the caller says otherwise (the picture
 * above the fold is fetched first).
 */
export function PagePicture({
  image,
  sizes,
  className,
  loading = "lazy",
  fetchPriority,
  testId,
}: {
  image: PageImage;
  /** The width the layout gives the picture, as the `sizes` attribute says it. */
  sizes: string;
  className?: string;
  loading?: "lazy" | "eager";
  fetchPriority?: "high" | "low" | "auto";
  testId?: string;
}) {
  const img = (
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
  if (!image.srcSets) return img;
  // `contents`: the <img> sits in the layout as if the <picture> were not there.
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={image.srcSets.avif} sizes={sizes} />
      <source type="image/webp" srcSet={image.srcSets.webp} sizes={sizes} />
      {img}
    </picture>
  );
}
