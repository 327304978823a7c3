import { desc, eq, sql, type SQL } from "drizzle-orm";
import { mailLog, session, userRoles, type ConsoleRole } from "~/db/schema";
import { getAuth } from "~/features/account/auth.server";
import { deleteAccount } from "~/features/account/profile.server";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { recordAudit } from "./audit.server";
import type { ConsoleActor } from "./guard.server";
import { isConsoleRole } from "./roles.server";

/**
 * Members (issue 11, admins only): list and search accounts, one member's sessions and mails from
 * the outbox; resend the confirmation, sign out everywhere, delete (the same complete deletion as
 * self-service: deleteAccount), console roles, and the newsletter subscribers as CSV.
 */
export const MEMBERS_PAGE_SIZE = 50;
const MEMBER_SORTS = ["created", "email", "lastSignIn"] as const;
type MemberSort = (typeof MEMBER_SORTS)[number];

export interface MemberFilters {
  q: string;
  sort: MemberSort;
  page: number;
}

export function parseMemberFilters(url: URL): MemberFilters {
  const sort = url.searchParams.get("sort") ?? "created";
  return {
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 200),
    sort: (MEMBER_SORTS as readonly string[]).includes(sort) ? (sort as MemberSort) : "created",
    page: Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "", 10) || 1)),
  };
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

type MemberRow = {
  id: string;
  email: string;
  username: string | null;
  customer_type: string | null;
  newsletter: boolean | null;
  confirmed: boolean;
  created_at: Date;
  last_sign_in: Date | null;
  providers: string[] | null;
  role: ConsoleRole | null;
};

const MEMBER_COLUMNS = sql`u.id, u.email, p.username, p.customer_type, p.newsletter_subscribed as newsletter,
  u.email_verified as confirmed, u.created_at,
  (select max(s.created_at) from sessions s where s.user_id = u.id) as last_sign_in,
  (select array_agg(distinct a.provider_id order by a.provider_id) from accounts a where a.user_id = u.id) as providers,
  r.role`;

function toMember(row: MemberRow) {
  const providers = row.providers ?? [];
  return {
    id: row.id,
    email: row.email,
    username: row.username ?? "",
    customerType: row.customer_type ?? "private",
    newsletter: row.newsletter ?? false,
    confirmed: row.confirmed,
    createdAt: new Date(row.created_at).toISOString(),
    lastSignIn: row.last_sign_in ? new Date(row.last_sign_in).toISOString() : null,
    google: providers.includes("google"),
    password: providers.includes("credential"),
    role: row.role,
  };
}

export async function listMembers(filters: MemberFilters) {
  const conditions: SQL[] = [];
  if (filters.q) {
    const like = `%${escapeLike(filters.q)}%`;
    conditions.push(sql`(u.email ilike ${like} or p.username ilike ${like} or u.name ilike ${like})`);
  }
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const order =
    filters.sort === "email"
      ? sql`u.email asc`
      : filters.sort === "lastSignIn"
        ? sql`last_sign_in desc nulls last, u.id`
        : sql`u.created_at desc, u.id`;
  const { rows } = await db().execute<MemberRow>(sql`
    select ${MEMBER_COLUMNS} from users u
    left join profiles p on p.id = u.id
    left join user_roles r on r.user_id = u.id
    ${where} order by ${order}
    limit ${MEMBERS_PAGE_SIZE + 1} offset ${(filters.page - 1) * MEMBERS_PAGE_SIZE}`);
  return { members: rows.slice(0, MEMBERS_PAGE_SIZE).map(toMember), hasMore: rows.length > MEMBERS_PAGE_SIZE };
}

export async function findMember(id: string) {
  if (!id || id.length > 100) return undefined;
  const { rows } = await db().execute<MemberRow>(sql`
    select ${MEMBER_COLUMNS} from users u
    left join profiles p on p.id = u.id
    left join user_roles r on r.user_id = u.id
    where u.id = ${id}`);
  return rows[0] ? toMember(rows[0]) : undefined;
}

/** A member's page: the account, its sessions and its mails (newest first). */
export async function loadMember(id: string) {
  const member = await findMember(id);
  if (!member) return undefined;
  const sessions = await db()
    .select({
      id: session.id,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      expiresAt: session.expiresAt,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    })
    .from(session)
    .where(eq(session.userId, id))
    .orderBy(desc(session.updatedAt));
  const mails = await db()
    .select({
      id: mailLog.id,
      subject: mailLog.subject,
      to: mailLog.recipient,
      status: mailLog.status,
      attempts: mailLog.attempts,
      lastError: mailLog.lastError,
      createdAt: mailLog.createdAt,
      updatedAt: mailLog.updatedAt,
    })
    .from(mailLog)
    .where(sql`lower(${mailLog.recipient}) = lower(${member.email})`)
    .orderBy(desc(mailLog.createdAt))
    .limit(100);
  return {
    member,
    sessions: sessions.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
    })),
    mails: mails.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() })),
  };
}

type Outcome = { ok: true; message: string } | { ok: false; error: string; status: number };
const gone: Outcome = { ok: false, error: "admin.errors.notFound", status: 404 };
export const RESEND_LIMIT = 3;
export const RESEND_WINDOW_S = 10 * 60;

export async function resendConfirmation(actor: ConsoleActor, id: string): Promise<Outcome> {
  const member = await findMember(id);
  if (!member) return gone;
  if (member.confirmed) return { ok: false, error: "admin.members.errors.alreadyConfirmed", status: 409 };
  if (!member.password) return { ok: false, error: "admin.members.errors.noPassword", status: 409 };
  const limit = await hitRateLimit(`console:resend:${id}`, RESEND_LIMIT, RESEND_WINDOW_S);
  if (!limit.allowed) return { ok: false, error: "admin.members.errors.rateLimited", status: 429 };
  try {
    await getAuth().api.sendVerificationEmail({ body: { email: member.email, callbackURL: "/" } });
  } catch (error) {
    logger.warn(`Console: resending the confirmation to ${member.email} failed: ${(error as Error).message}`);
    return { ok: false, error: "admin.errors.failed", status: 500 };
  }
  await recordAudit(actor, { action: "member.resendConfirmation", entity: "member", entityId: id, summary: member.email });
  return { ok: true, message: "admin.members.resent" };
}

export async function signOutEverywhere(actor: ConsoleActor, id: string): Promise<Outcome> {
  const member = await findMember(id);
  if (!member) return gone;
  await db().transaction(async (tx) => {
    const ended = await tx.delete(session).where(eq(session.userId, id)).returning({ id: session.id });
    await recordAudit(
      actor,
      {
        action: "member.signOutEverywhere",
        entity: "member",
        entityId: id,
        summary: member.email,
        before: { sessions: ended.length },
        after: { sessions: 0 },
      },
      tx,
    );
  });
  return { ok: true, message: "admin.members.signedOut" };
}

export async function deleteMember(actor: ConsoleActor, id: string): Promise<Outcome> {
  if (id === actor.id) return { ok: false, error: "admin.members.errors.notYourself", status: 409 };
  const member = await findMember(id);
  if (!member) return gone;
  // The same complete deletion as the member's own "delete account" (profile, sessions, files, shop, notice mail).
  await deleteAccount(id);
  await recordAudit(actor, {
    action: "member.delete",
    entity: "member",
    entityId: id,
    summary: member.email,
    before: { email: member.email, username: member.username, role: member.role },
    after: null,
  });
  return { ok: true, message: "admin.members.deleted" };
}

export async function setMemberRole(actor: ConsoleActor, id: string, role: string): Promise<Outcome> {
  if (id === actor.id) return { ok: false, error: "admin.members.errors.notYourself", status: 409 };
  const member = await findMember(id);
  if (!member) return gone;
  const next = role === "" ? null : isConsoleRole(role) ? role : undefined;
  if (next === undefined) return { ok: false, error: "admin.members.errors.role", status: 400 };
  await db().transaction(async (tx) => {
    if (next) {
      await tx
        .insert(userRoles)
        .values({ userId: id, role: next, grantedBy: actor.id })
        .onConflictDoUpdate({ target: userRoles.userId, set: { role: next, grantedBy: actor.id, grantedAt: new Date() } });
    } else {
      await tx.delete(userRoles).where(eq(userRoles.userId, id));
    }
    await recordAudit(
      actor,
      {
        action: next ? "role.grant" : "role.revoke",
        entity: "member",
        entityId: id,
        summary: member.email,
        before: { role: member.role },
        after: { role: next },
      },
      tx,
    );
  });
  return { ok: true, message: "admin.members.roleSaved" };
}
