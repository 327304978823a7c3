import { CheckCircle2, TriangleAlert } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { useHydrated } from "~/lib/use-hydrated";
import type { ContactActionResult } from "./contact-fields";

/**
 * The answer above the form: after sending, a lasting 'Success' notice (with or without
 * JavaScript); without JavaScript also the spec's 'Validation Error' / 'Error' summary, which
 * toasts say when JavaScript runs.
 */
export function ContactNotice({ result }: { result: ContactActionResult }) {
  const { t } = useTranslation();
  const isHydrated = useHydrated();
  if (result.status === "success") {
    return (
      <div role="status" className="mt-6 flex gap-3 rounded-md border border-accent/40 bg-accent/10 p-4 text-sm">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
        <div>
          <p className="font-semibold">{t("contact.toast.successTitle")}</p>
          <p className="text-muted-foreground">{t("contact.toast.successDescription")}</p>
        </div>
      </div>
    );
  }
  const [title, description] =
    result.status === "invalid"
      ? [t("contact.toast.validationTitle"), t(result.firstError)]
      : result.status === "rate-limited"
        ? [t("contact.toast.rateLimitedTitle"), t("contact.toast.rateLimitedDescription", { count: result.retryAfterMin })]
        : [t("contact.toast.errorTitle"), t("contact.toast.errorDescription")];
  if (isHydrated) return null;
  return (
    <>
      <div role="alert" className="mt-6 flex gap-3 rounded-md border border-destructive/50 bg-destructive/10 p-4 text-sm">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
        <div>
          <p className="font-semibold">{title}</p>
          <p className="text-muted-foreground">{description}</p>
        </div>
      </div>
    </>
  );
}
