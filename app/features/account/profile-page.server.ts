import { eq, sql } from "drizzle-orm";
import { account, newsletterConsents, profiles, session, user } from "~/db/schema";
import { preparedQuery } from "~/lib/db.server";
import { newsletterStatusOf } from "./newsletter.server";
import { profileColumns, toProfileData, type ProfileData } from "./profile.server";
import { fromSessionToken, getSessionUserShortly, type SessionRow, type SessionUser } from "./session.server";
import { toActiveSessions, type ActiveSession } from "./sessions.server";

/**
 * Everything the profile page shows of its member in ONE query (ADR 0031: the page's data request
 * must be cheap): the profile, whether a password exists, the newsletter consent and the active
 * sessions, the same rules as getProfile, getNewsletterStatus and listSessions (a test compares them).
 * The member's data request reads it together with the session itself (ADR 0038).
 */
export interface ProfilePage {
  profile: ProfileData;
  sessions: ActiveSession[];
}

type JsonTimestamps<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

const pageFields = {
  ...profileColumns,
  hasPassword: sql<boolean>`exists (select 1 from ${account} where ${account.userId} = ${user.id} and ${account.providerId} = 'credential')`,
  consent: sql<{ status: string; expiresAt: string | null } | null>`(
    select json_build_object('status', ${newsletterConsents.status}, 'expiresAt', ${newsletterConsents.tokenExpiresAt})
    from ${newsletterConsents}
    where ${newsletterConsents.userId} = ${user.id} and ${newsletterConsents.status} in ('pending', 'confirmed')
    order by ${newsletterConsents.requestedAt} desc limit 1)`,
  sessions: sql<JsonTimestamps<{ id: string; userAgent: string | null; createdAt: Date; lastActiveAt: Date }>[]>`(
    select coalesce(json_agg(listed order by listed."lastActiveAt" desc), '[]'::json) from (
      select ${session.id} as "id", ${session.userAgent} as "userAgent", ${session.createdAt} as "createdAt",
        ${session.lastActiveAt} as "lastActiveAt"
      from ${session} where ${session.userId} = ${user.id} and ${session.expiresAt} > now()
      order by ${session.lastActiveAt} desc limit 100) listed)`,
};

const pageByUser = () =>
  preparedQuery("profile_page", (database) =>
    database
      .select(pageFields)
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(eq(user.id, sql.placeholder("userId")))
      .prepare("profile_page"),
  );

/** The session's row (as the short path checks it) and the page, by the session token: one query. */
const pageBySessionToken = () => fromSessionToken("profile_page_by_session_token", pageFields);

type PageRow = Awaited<ReturnType<ReturnType<typeof pageByUser>["execute"]>>[number];

function toProfilePage(row: PageRow, currentSessionId: string | undefined): ProfilePage {
  const consent = row.consent
    ? { status: row.consent.status, expiresAt: row.consent.expiresAt ? new Date(row.consent.expiresAt) : null }
    : undefined;
  const sessions = row.sessions.map((listed) => ({
    ...listed,
    createdAt: new Date(listed.createdAt),
    lastActiveAt: new Date(listed.lastActiveAt),
  }));
  return {
    profile: toProfileData(row, row.hasPassword, newsletterStatusOf(consent)),
    sessions: toActiveSessions(sessions, currentSessionId),
  };
}

/** Pages read together with their request's session (readSessionWithPage), for that request's loader. */
const pageOfRequest = new WeakMap<Request, ProfilePage>();

export async function getProfilePage(userId: string, currentSessionId: string | undefined, request?: Request): Promise<ProfilePage | null> {
  const known = request && pageOfRequest.get(request);
  if (known) return known;
  const [row] = await pageByUser().execute({ userId });
  return row ? toProfilePage(row, currentSessionId) : null;
}

/**
 * The session of a `/profile` data request by the short path alone (getSessionUserShortly), with the
 * page read in the same query and kept for this request's getProfilePage. Undefined whenever
 * better-auth's own check has to run.
 */
export async function readSessionWithPage(request: Request): Promise<SessionUser | undefined> {
  let page: PageRow | undefined;
  const sessionUser = await getSessionUserShortly(request, async (token) => {
    const [row] = await pageBySessionToken().execute({ token });
    page = row;
    return row satisfies SessionRow | undefined;
  });
  if (sessionUser && page) pageOfRequest.set(request, toProfilePage(page, sessionUser.sessionId));
  return sessionUser;
}
