import { useTranslation } from "~/lib/use-translation";
import { Link, useLocation } from "react-router";

/** Previous/next links that keep the page's other query parameters. */
export function Pager({ page, hasMore }: { page: number; hasMore: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const href = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(target));
    return `${location.pathname}?${params}`;
  };
  if (page <= 1 && !hasMore) return null;
  return (
    <nav aria-label={t("admin.pager.label")} className="mt-4 flex items-center justify-between gap-2 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className="rounded-md border border-input px-3 py-2 hover:bg-muted">
          {t("admin.pager.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted-foreground">{t("admin.pager.page", { page })}</span>
      {hasMore ? (
        <Link to={href(page + 1)} className="rounded-md border border-input px-3 py-2 hover:bg-muted">
          {t("admin.pager.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
