import {
  countLaunchSignups,
  deleteLaunchSignup,
  isLaunchTopic,
  listConfirmedLaunchSignups,
  listLaunchSignups,
  type LaunchTopic,
} from "~/features/launch-notify/launch-signups.server";
import { db } from "~/lib/db.server";
import { recordAudit } from "./audit.server";
import type { ConsoleActor } from "./guard.server";
import { csvCell } from "./csv";

/**
 * The console's "tell me when it opens" page (issue 13, admins, like the newsletter: a mailing
 * list of consenting addresses): per launch the counts, the list, the confirmed addresses as
 * CSV, and deleting one entry (a withdrawal by e-mail, a typo). Exports and deletions are audited.
 */
export interface LaunchFilters {
  topic: LaunchTopic;
  q: string;
  page: number;
}

export function parseLaunchFilters(url: URL): LaunchFilters {
  const topic = url.searchParams.get("topic");
  return {
    topic: isLaunchTopic(topic) ? topic : "academy",
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 200),
    page: Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "", 10) || 1)),
  };
}

export async function loadLaunchesConsole(filters: LaunchFilters) {
  const { signups, hasMore } = await listLaunchSignups(filters);
  return {
    counts: await countLaunchSignups(),
    signups: signups.map((signup) => ({
      ...signup,
      createdAt: signup.createdAt.toISOString(),
      confirmedAt: signup.confirmedAt?.toISOString() ?? null,
    })),
    hasMore,
  };
}

export type LaunchSignupView = Awaited<ReturnType<typeof loadLaunchesConsole>>["signups"][number];

/** One launch's confirmed addresses as CSV (formula cells neutralised); audited. */
export async function exportLaunchSignups(actor: ConsoleActor, topic: LaunchTopic) {
  const signups = await listConfirmedLaunchSignups(topic);
  const lines = [["email", "language", "signed_up_at", "confirmed_at"].join(",")];
  for (const row of signups) {
    lines.push([row.email, row.language, row.createdAt.toISOString(), row.confirmedAt?.toISOString() ?? ""].map(csvCell).join(","));
  }
  await recordAudit(actor, { action: "launch.export", entity: "launch-signup", summary: `${topic}: ${signups.length} addresses` });
  return { csv: `${lines.join("\r\n")}\r\n`, count: signups.length };
}

/**
 * Deletes one sign-up with its audit entry (in one transaction). The entry names the launch and
 * the row id, not the address: a deletion asked for by the person must not keep their address.
 */
export async function removeLaunchSignup(actor: ConsoleActor, id: string) {
  return db().transaction(async (tx) => {
    const deleted = await deleteLaunchSignup(id, tx);
    if (!deleted) return false;
    await recordAudit(
      actor,
      {
        action: "launch.delete",
        entity: "launch-signup",
        entityId: deleted.id,
        summary: deleted.topic,
        before: { topic: deleted.topic, confirmed: deleted.confirmedAt !== null },
      },
      tx,
    );
    return true;
  });
}
