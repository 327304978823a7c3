import { redirect, type LoaderFunctionArgs } from "react-router";
import { requireConsole } from "~/features/admin/guard.server";
import type { Page } from "~/lib/page";

export const page = { console: "members" } satisfies Page;

/**
 * GET /admin/members/newsletter.csv (admins): the older address of the subscribers' export, kept
 * for bookmarks. It listed the same people as /admin/newsletter/export.csv (the profile's flag is
 * set when a consent is confirmed and cleared when it is withdrawn) without the proof of their
 * consent and the unsubscribe link, so it is now a permanent redirect there (ADR 0029): one export,
 * one audit entry (`consent.export`). No-store/noindex come from the gate.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "members");
  return redirect("/admin/newsletter/export.csv", 308);
}
