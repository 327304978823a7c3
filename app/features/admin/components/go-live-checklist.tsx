import { CircleCheck, CircleDashed } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "~/lib/use-translation";
import type { GoLiveItem } from "../overview.server";

/** The overview's go-live checklist (admins): each fact the public pages need, done or not, and where it is set. */
export function GoLiveChecklist({ items }: { items: readonly GoLiveItem[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  const open = items.filter((item) => !item.done).length;
  return (
    <section aria-labelledby="go-live-title" className="mb-6 rounded-lg border border-border bg-card p-5" data-testid="go-live">
      <h2 id="go-live-title" className="text-lg font-semibold">
        {t("admin.overview.goLive.title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {open === 0 ? t("admin.overview.goLive.allDone") : t("admin.overview.goLive.open", { count: open })}
      </p>
      <ul className="mt-4 grid gap-3">
        {items.map((item) => (
          <li key={item.id} className="flex gap-3" data-testid={`go-live-${item.id}`} data-done={item.done}>
            {item.done ? (
              <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            ) : (
              <CircleDashed className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
            )}
            <div className="min-w-0 text-sm">
              <p className="font-medium">
                <span className="sr-only">{t(item.done ? "admin.overview.goLive.doneLabel" : "admin.overview.goLive.openLabel")} </span>
                {t(`admin.overview.goLive.items.${item.id}.label`)}
              </p>
              {item.done ? null : (
                <p className="text-muted-foreground">
                  {item.missing.length > 0
                    ? t("admin.settings.imprintMissing", {
                        fields: item.missing.map((key) => t(`admin.settings.fields.${key}`)).join(", "),
                      })
                    : t(`admin.overview.goLive.items.${item.id}.todo`)}{" "}
                  <Link to={item.to} className="inline-block py-1 text-primary underline underline-offset-2">
                    {t(`admin.overview.goLive.items.${item.id}.where`)}
                  </Link>
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
