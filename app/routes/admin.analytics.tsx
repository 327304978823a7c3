import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { AnalyticsPage } from "~/features/admin/components/analytics-page";
import { loadAnalytics, parseAnalyticsRange } from "~/features/admin/analytics.server";
import { consoleMeta } from "~/features/admin/console.server";
import { requireConsole } from "~/features/admin/guard.server";
import { getRetentionPolicy } from "~/features/privacy/retention.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "analytics" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/analytics: visits, languages, referrers, searches, 404s and goals over a range and the one before (admins, ADR 0068). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "analytics");
  const range = parseAnalyticsRange(new URL(request.url));
  const [analytics, policy, meta] = await Promise.all([
    loadAnalytics(range),
    getRetentionPolicy(),
    consoleMeta(request, "admin.meta.analytics"),
  ]);
  return { analytics, eventDays: policy.analyticsEventDays, meta };
}

export default function AdminAnalyticsRoute() {
  const { analytics, eventDays } = useLoaderData<typeof loader>();
  return <AnalyticsPage analytics={analytics} eventDays={eventDays} />;
}
