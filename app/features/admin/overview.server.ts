import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { canUse } from "./access";
import type { ConsoleActor } from "./guard.server";
import { mailWarnings } from "./outbox.server";
import { missingImprintFacts } from "./settings.server";
import { getSiteFacts } from "~/lib/site-facts.server";

export type GoLiveItem = { id: "imprint" | "founder" | "mail" | "publicAddress"; done: boolean; to: string; missing: string[] };

/**
 * What must be true before the site goes public (issue 27), each with the place it is set: the
 * imprint's facts and the founder's name (site settings), mail that is really sent (SMTP_URL,
 * outbox) and the address visitors use (PUBLIC_URL, system page). The public pages leave out
 * what is missing; this list is where the operator sees it.
 */
export async function goLiveChecklist(): Promise<GoLiveItem[]> {
  const missing = await missingImprintFacts();
  const facts = await getSiteFacts();
  const warnings = mailWarnings();
  return [
    { id: "imprint", done: missing.length === 0, to: "/admin/settings#settings-company", missing },
    { id: "founder", done: Boolean(facts.responsiblePerson), to: "/admin/settings#settings-company", missing: [] },
    { id: "mail", done: !warnings.includes("mailToFiles"), to: "/admin/outbox", missing: [] },
    { id: "publicAddress", done: !warnings.includes("publicUrlLocal"), to: "/admin/system", missing: [] },
  ];
}

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
    // Mail that only looks sent (to files, or with links to this machine): admins are told what to do (ADR 0065).
    mailWarnings: actor.role === "admin" ? mailWarnings() : [],
    goLive: actor.role === "admin" ? await goLiveChecklist() : [],
  };
}
