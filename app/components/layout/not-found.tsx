import { useTranslation } from "~/lib/use-translation";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-7xl font-bold text-primary">404</h1>
      <p className="mt-4 text-xl text-muted-foreground">{t("common.notFound.message")}</p>
      <Button asChild className="mt-8">
        <Link to="/">{t("common.notFound.returnHome")}</Link>
      </Button>
    </section>
  );
}
