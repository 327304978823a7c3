import type { LoaderFunctionArgs } from "react-router";
import { csvResponse } from "~/features/admin/csv";
import { requireConsole } from "~/features/admin/guard.server";
import {
  ANALYTICS_TABLES,
  analyticsCsv,
  dailyCsv,
  goalsCsv,
  loadDailySeries,
  loadGoals,
  loadAnalyticsTable,
  parseAnalyticsRange,
  type AnalyticsTable,
} from "~/features/admin/analytics.server";
import type { Page } from "~/lib/page";

export const page = { console: "analytics" } satisfies Page;

/** GET /admin/analytics/export.csv?table=…&days=… (or from/to): one table of the Analytics page as CSV (admins). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "analytics");
  const url = new URL(request.url);
  const range = parseAnalyticsRange(url);
  const name = url.searchParams.get("table") ?? "";
  const file = `analytics-${name}-${range.from}-${range.to}.csv`;
  if (name === "days") return csvResponse(dailyCsv(await loadDailySeries(range)), file);
  if (name === "goals") return csvResponse(goalsCsv(await loadGoals(range)), file);
  if (!(ANALYTICS_TABLES as readonly string[]).includes(name)) {
    return Response.json({ error: "Unknown table" }, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  return csvResponse(analyticsCsv(await loadAnalyticsTable(name as AnalyticsTable, range)), file);
}
