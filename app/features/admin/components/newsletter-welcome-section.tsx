import { useTranslation } from "~/lib/use-translation";
import { welcomeSchema } from "../schemas/newsletter-issue-schema";
import { ActionButton } from "./console-form";

/** The issue editor's welcome-mail switch (ADR 0083): a draft becomes the mail each new subscriber gets, or stops being it. */
export function WelcomeSection({ welcome, draft }: { welcome: boolean; draft: boolean }) {
  const { t } = useTranslation();
  if (!welcome && !draft) return null;
  return (
    <section aria-labelledby="welcome-title" className="space-y-3" data-testid="welcome-section">
      <h2 id="welcome-title" className="text-lg font-semibold">
        {t("admin.newsletterIssues.welcome.title")}
      </h2>
      <p className="max-w-2xl text-sm text-muted-foreground">
        {t(welcome ? "admin.newsletterIssues.welcome.isOn" : "admin.newsletterIssues.welcome.explain")}
      </p>
      <ActionButton
        intent="welcome"
        schema={welcomeSchema}
        fields={{ welcome: String(!welcome) }}
        label={t(welcome ? "admin.newsletterIssues.welcome.turnOff" : "admin.newsletterIssues.welcome.turnOn")}
        busyLabel={t("admin.actions.saving")}
      />
    </section>
  );
}
