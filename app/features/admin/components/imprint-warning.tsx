import { TriangleAlert } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { Link } from "react-router";

/** Shown to admins on every console page while an imprint fact is missing. */
export function ImprintWarning({ missing }: { missing: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="mb-6 flex gap-3 rounded-md border border-destructive/60 bg-destructive/10 p-4 text-sm"
      data-testid="imprint-warning"
    >
      <TriangleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
      <div>
        <p className="font-semibold">{t("admin.settings.imprintIncomplete")}</p>
        <p className="text-muted-foreground">
          {t("admin.settings.imprintMissing", { fields: missing.map((key) => t(`admin.settings.fields.${key}`)).join(", ") })}{" "}
          <Link to="/admin/settings" className="text-primary underline underline-offset-2">
            {t("admin.settings.fillIn")}
          </Link>
        </p>
      </div>
    </div>
  );
}
