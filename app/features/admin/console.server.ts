import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { namespaceInAllLanguages } from "~/lib/i18n.server";
import { loadPageMeta } from "~/lib/page-meta.server";
import { requireConsole } from "./guard.server";
import { missingImprintFacts } from "./settings.server";

/** The console frame's data: who is signed in with which role, and the inbox's unread count. */
export async function loadConsoleFrame(request: Request) {
  const actor = await requireConsole(request, "overview");
  const { rows } = await db().execute<{ unread: number }>(sql`select count(*)::int as unread from contact_messages where read_at is null`);
  return {
    role: actor.role,
    email: actor.email,
    unread: rows[0]?.unread ?? 0,
    messages: namespaceInAllLanguages("admin"),
    // Admins see a warning on every console page while an imprint fact is missing.
    missingImprint: actor.role === "admin" ? await missingImprintFacts() : [],
  };
}

/** Title and description of a console page; never indexed. */
export function consoleMeta(request: Request, key: string) {
  return loadPageMeta(request, key, { noindex: true });
}
