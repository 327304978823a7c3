import crypto from "node:crypto";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { consoleInvitations, user, userRoles, type ConsoleRole } from "~/db/schema";
import { getAuth, signupContext } from "~/features/account/auth.server";
import { renderAccountMail } from "~/features/account/mail.server";
import { mailBrand } from "~/lib/brand.server";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import type { Language } from "~/lib/i18n";
import { queueMail } from "~/lib/mailer.server";
import { isUuid } from "~/lib/uuid";
import type { Outcome } from "./action.server";
import { recordAudit } from "./audit.server";
import type { ConsoleActor } from "./guard.server";
import { isConsoleRole } from "./roles.server";

/**
 * Invitations to the console (issue 26, ADR 0074). An admin names an address and a role; the
 * address gets a link with a random token (256 bits, stored only as its SHA-256 hash, as the reset
 * tokens are). The link is usable once, for 7 days, unless revoked or replaced by a newer
 * invitation of the same address. Accepting it creates the account (its address confirmed by the
 * mail) with the role; the console then asks for the second factor (ADR 0044). Every rule is
 * checked here, on the server, for every request: an invitation names no account until accepted,
 * so whoever holds a valid token may take the invitation, and nobody else.
 */
export const INVITATION_DAYS = 7;
export const INVITATION_PATH = "/invitation";

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

const pending = () =>
  and(isNull(consoleInvitations.acceptedAt), isNull(consoleInvitations.revokedAt), gt(consoleInvitations.expiresAt, sql`now()`));

async function accountExists(email: string) {
  const [row] = await db()
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${email}`);
  return Boolean(row);
}

/** Invites `email` with `role`; an earlier invitation of the address still open is revoked. The mail goes through the outbox. */
export async function createInvitation(actor: ConsoleActor, input: { email: string; role: string }, language: Language): Promise<Outcome> {
  const email = input.email.trim().toLowerCase();
  if (!isConsoleRole(input.role)) return { ok: false, status: 400, fields: { role: "admin.members.errors.role" } };
  if (await accountExists(email)) return { ok: false, status: 409, fields: { email: "admin.invitations.errors.hasAccount" } };
  const token = crypto.randomBytes(32).toString("base64url");
  const url = `${getEnv().PUBLIC_URL}${INVITATION_PATH}?token=${token}`;
  const mail = await renderAccountMail("invite", language, { url, role: input.role }, await mailBrand());
  await db().transaction(async (tx) => {
    await tx
      .update(consoleInvitations)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          sql`lower(${consoleInvitations.email}) = ${email}`,
          isNull(consoleInvitations.acceptedAt),
          isNull(consoleInvitations.revokedAt),
        ),
      );
    const [row] = await tx
      .insert(consoleInvitations)
      .values({
        email,
        role: input.role as ConsoleRole,
        tokenHash: hashToken(token),
        language,
        invitedBy: actor.id,
        invitedByEmail: actor.email,
        expiresAt: sql`now() + make_interval(days => ${INVITATION_DAYS})`,
      })
      .returning({ id: consoleInvitations.id });
    await queueMail({ to: email, ...mail }, { executor: tx });
    await recordAudit(
      actor,
      {
        action: "invitation.create",
        entity: "invitation",
        entityId: row!.id,
        summary: email,
        before: null,
        after: { email, role: input.role },
      },
      tx,
    );
  });
  return { ok: true, message: "admin.invitations.sent" };
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: ConsoleRole;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
}

/** The invitations still usable, oldest first. */
export async function listPendingInvitations(): Promise<PendingInvitation[]> {
  const rows = await db().select().from(consoleInvitations).where(pending()).orderBy(asc(consoleInvitations.createdAt));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedByEmail,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
}

export async function revokeInvitation(actor: ConsoleActor, id: unknown): Promise<Outcome> {
  if (!isUuid(id)) return { ok: false, status: 404, error: "admin.errors.notFound" };
  return db().transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx
      .update(consoleInvitations)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(consoleInvitations.id, id), pending()))
      .returning();
    if (!row) return { ok: false, status: 404, error: "admin.errors.notFound" };
    await recordAudit(
      actor,
      {
        action: "invitation.revoke",
        entity: "invitation",
        entityId: id,
        summary: row.email,
        before: { email: row.email, role: row.role },
        after: null,
      },
      tx,
    );
    return { ok: true, message: "admin.invitations.revoked" };
  });
}

/** The usable invitation behind a link's token (undefined: unknown, used, revoked, expired or not a token). */
export async function findInvitation(token: unknown) {
  if (typeof token !== "string" || !TOKEN.test(token)) return undefined;
  const [row] = await db()
    .select({
      id: consoleInvitations.id,
      email: consoleInvitations.email,
      role: consoleInvitations.role,
      language: consoleInvitations.language,
    })
    .from(consoleInvitations)
    .where(and(eq(consoleInvitations.tokenHash, hashToken(token)), pending()));
  return row;
}

export type AcceptOutcome = { ok: true; email: string; userId: string } | { ok: false; status: number; error: string };

/**
 * Takes the invitation: creates the account (address confirmed, the name and password given) with
 * the role, and marks the invitation used, or changes nothing. The invitation row stays locked
 * meanwhile, so a replayed or doubled request finds it used.
 */
export async function acceptInvitation(
  token: unknown,
  input: { username: string; password: string },
  language: Language,
): Promise<AcceptOutcome> {
  if (typeof token !== "string" || !TOKEN.test(token)) return { ok: false, status: 404, error: "auth.invitation.invalid" };
  const auth = await getAuth().$context;
  let createdId: string | undefined;
  try {
    return await db().transaction(async (tx): Promise<AcceptOutcome> => {
      const [invitation] = await tx
        .select()
        .from(consoleInvitations)
        .where(and(eq(consoleInvitations.tokenHash, hashToken(token)), pending()))
        .for("update");
      if (!invitation) return { ok: false, status: 404, error: "auth.invitation.invalid" };
      if (await accountExists(invitation.email)) return { ok: false, status: 409, error: "auth.invitation.hasAccount" };
      const created = await signupContext.run(
        { username: input.username, customerType: "private", newsletterSubscribed: false, language },
        () => auth.internalAdapter.createUser({ email: invitation.email, name: input.username, emailVerified: true }, { method: "admin" }),
      );
      createdId = created.id;
      {
        await auth.internalAdapter.linkAccount({
          userId: created.id,
          providerId: "credential",
          accountId: created.id,
          password: await auth.password.hash(input.password),
        });
        await tx.insert(userRoles).values({ userId: created.id, role: invitation.role, grantedBy: invitation.invitedBy });
        await tx
          .update(consoleInvitations)
          .set({ acceptedAt: sql`now()`, acceptedUserId: created.id })
          .where(eq(consoleInvitations.id, invitation.id));
        await recordAudit(
          { id: created.id, email: invitation.email },
          {
            action: "invitation.accept",
            entity: "invitation",
            entityId: invitation.id,
            summary: invitation.email,
            before: null,
            after: { email: invitation.email, role: invitation.role },
          },
          tx,
        );
      }
      return { ok: true, email: invitation.email, userId: created.id };
    });
  } catch (error) {
    // An account without its role or password would be a stray: it goes (after the rollback, which
    // released its row), and the invitation stays usable.
    if (createdId) await db().delete(user).where(eq(user.id, createdId));
    throw error;
  }
}
