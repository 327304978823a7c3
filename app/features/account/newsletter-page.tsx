import { CheckCircle2, Loader2, MailX, TriangleAlert } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { NewsletterPageState } from "./newsletter-routes.server";

/**
 * The pages behind the newsletter mail's links: confirm the subscription (double opt-in) and
 * unsubscribe. Each shows a button that posts the form (works without JavaScript); opening the
 * link alone changes nothing.
 */
export function NewsletterLinkPage({ kind }: { kind: "confirm" | "unsubscribe" }) {
  const { t } = useTranslation();
  const loaded = useLoaderData<{ state: NewsletterPageState }>();
  const acted = useActionData<{ state: NewsletterPageState }>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const state = acted?.state ?? loaded.state;
  const done = state === "confirmed" || state === "already" || state === "unsubscribed";
  const failed = state === "invalid" || state === "rateLimited";
  const Icon = done ? CheckCircle2 : failed ? TriangleAlert : kind === "unsubscribe" ? MailX : CheckCircle2;
  return (
    <section className="mx-auto w-full max-w-lg px-4 py-12 sm:py-20">
      <Card>
        <CardHeader>
          <Icon className={`size-10 ${failed ? "text-destructive" : "text-primary"}`} aria-hidden />
          <CardTitle>{t(`newsletter.${kind}.title`)}</CardTitle>
          {state === "ready" && <CardDescription>{t(`newsletter.${kind}.description`)}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-4">
          {state === "ready" ? (
            <Form method="post" className="grid">
              <Button type="submit" disabled={busy} data-testid={`newsletter-${kind}`} data-busy-label={t("newsletter.busy")}>
                {busy && <Loader2 className="animate-spin" aria-hidden />}
                {busy ? t("newsletter.busy") : t(`newsletter.${kind}.button`)}
              </Button>
            </Form>
          ) : (
            <p role={failed ? "alert" : "status"} className={failed ? "text-sm text-destructive" : "text-sm text-primary"}>
              {t(`newsletter.states.${state}`)}
            </p>
          )}
          <p className="text-sm text-muted-foreground">
            <Link to="/profile" className="inline-flex min-h-11 items-center text-primary underline underline-offset-2">
              {t("newsletter.profileLink")}
            </Link>
          </p>
        </CardContent>
      </Card>
    </section>
  );
}
