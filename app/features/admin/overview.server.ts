import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { canUse } from "./access";
import type { ConsoleActor } from "./guard.server";
import { mailWarnings } from "./outbox.server";

/** The console's start page: a few counts, each a link to its section (only sections the role may use). */
export async function loadOverview(actor: ConsoleActor) {
  const { rows } = await db().execute<{ items: number; unread: number; members: number; downloads: number }>(sql`
    select
      (select count(*)::int from media_items) as items,
      (select count(*)::int from contact_messages where read_at is null) as unread,
      (select count(*)::int from users) as members,
      (select count(*)::int from media_download_events where downloaded_at > now() - interval '30 days') as downloads`);
  const counts = rows[0]!;
  const cards = [
    { section: "media", to: "/admin/media", labelKey: "admin.overview.items", value: counts.items },
    { section: "inbox", to: "/admin/inbox", labelKey: "admin.overview.unread", value: counts.unread },
    { section: "members", to: "/admin/members", labelKey: "admin.overview.members", value: counts.members },
    { section: "numbers", to: "/admin/numbers", labelKey: "admin.overview.downloads30", value: counts.downloads },
  ] as const;
  return {
    cards: cards.filter((card) => canUse(actor.role, card.section)).map(({ to, labelKey, value }) => ({ to, labelKey, value })),
    missingImprint: [] as string[],
    // Mail that only looks sent (to files, or with links to this machine): admins are told what to do (ADR 0065).
    mailWarnings: actor.role === "admin" ? mailWarnings() : [],
  };
}
