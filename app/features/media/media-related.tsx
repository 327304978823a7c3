import { Link } from "react-router";
import { pictureSrc } from "~/lib/renditions";
import { useTranslation } from "~/lib/use-translation";
import { TypeBadgeText, TypeIcon } from "./media-card";
import { RELATED_KINDS, type MediaCardView, type RelatedItems } from "./media-types";

/** A related item: its picture (or its type's icon) and title; opens that item's dialog. */
function RelatedCard({ item, href }: { item: MediaCardView; href: string }) {
  // The card's picture (ADR 0093), for any type that has one.
  const picture = item.picture ? pictureSrc(item.id, item.picture.v) : undefined;
  return (
    <li className="w-36 min-w-0 shrink-0 snap-start sm:w-auto">
      <Link
        to={href}
        preventScrollReset
        className="flex h-full min-h-11 flex-col overflow-hidden rounded-md border border-border bg-background text-sm hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        <span className="relative flex aspect-video items-center justify-center overflow-hidden bg-muted">
          {picture ? (
            <img
              src={picture}
              width={480}
              height={270}
              alt=""
              loading="lazy"
              decoding="async"
              className="absolute inset-0 size-full object-cover object-top"
            />
          ) : (
            <TypeIcon type={item.fileType} className="size-6 text-muted-foreground" />
          )}
        </span>
        <span className="flex flex-col gap-0.5 p-2">
          <span className="line-clamp-2 font-medium" lang={item.titleLanguage}>
            {item.title}
          </span>
          <span className="text-xs text-muted-foreground">
            <TypeBadgeText fileType={item.fileType} />
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The dialog's related rows (same category, creator, licence); a row without items is not shown. */
export function RelatedRows({ related, href }: { related: RelatedItems | undefined; href: (id: string) => string }) {
  const { t } = useTranslation();
  const rows = RELATED_KINDS.flatMap((kind) => {
    const items = related?.[kind];
    return items?.length ? [{ kind, items }] : [];
  });
  if (rows.length === 0) return null;
  return (
    <div className="flex flex-col gap-4" data-testid="media-related">
      {rows.map(({ kind, items }) => (
        <section key={kind} aria-labelledby={`related-${kind}`} data-testid={`related-${kind}`}>
          <h3 id={`related-${kind}`} className="mb-2 text-sm font-semibold">
            {t(`media.related.${kind}`)}
          </h3>
          {/* A phone scrolls each row sideways, so three rows of six stay three short rows. */}
          <ul className="-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pb-1 sm:mx-0 sm:grid sm:grid-cols-3 sm:overflow-visible sm:px-0">
            {items.map((item) => (
              <RelatedCard key={item.id} item={item} href={href(item.id)} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
