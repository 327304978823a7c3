import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { account, auditLog, consoleInvitations, profiles, session, user, userRoles } from "~/db/schema";
import { db } from "~/lib/db.server";
import { answerOf, formPost, garbagePost } from "../../../tests/helpers/console-actions";
import { resetDatabase } from "../../../tests/helpers/database";
import { loggedMails } from "../../../tests/helpers/jobs";
import { invitationAction, invitationLoader } from "~/features/account/invitation.server";
import { acceptInvitation, findInvitation, listPendingInvitations, revokeInvitation } from "./invitations.server";
import { invitationsAction } from "./member-actions.server";
import { getRetentionPolicy, runRetention } from "~/features/privacy/retention.server";

// The admin's own session, which passed its second factor just now (inviting asks for it, as a role change does: ADR 0044).
const admin = { id: "admin-1", email: "admin@ipangel.test", name: "Admin", role: "admin" as const, sessionId: "admin-1-s0" };
const PASSWORD = "invited-pass-1";

const invite = (values: Record<string, string>) => invitationsAction(formPost("/admin/members", "invite", values), admin);

/** The token of the newest invitation mail to `to`. */
async function tokenMailedTo(to: string) {
  const mail = (await loggedMails()).filter((entry) => entry.to === to).at(-1);
  const token = /\/invitation\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`no invitation link mailed to ${to}`);
  return token;
}

const accept = (token: string, values: Record<string, string> = {}) =>
  invitationAction(formPost("/invitation", "accept", { token, username: "Grace", password: PASSWORD, ...values }));

async function roleOf(email: string) {
  const [row] = await db()
    .select({ role: userRoles.role })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(eq(user.email, email));
  return row?.role ?? null;
}

describe("invitations to the console", () => {
  beforeEach(async () => {
    await resetDatabase();
    await db().insert(user).values({ id: admin.id, name: "Admin", email: admin.email, emailVerified: true, twoFactorEnabled: true });
    await db().insert(profiles).values({ id: admin.id, username: "Admin" });
    await db()
      .insert(session)
      .values({
        id: admin.sessionId,
        token: "admin-token",
        userId: admin.id,
        expiresAt: new Date(Date.now() + 86_400_000),
        secondFactorAt: new Date(),
      });
    await db().insert(user).values({ id: "u-ada", name: "Ada", email: "ada@example.com", emailVerified: true });
  });

  it("an admin invites by e-mail; the link sets a name and password, signs in with the role and works once", async () => {
    expect(answerOf(await invite({ email: " Grace@Example.com ", role: "editor", language: "de" }))).toMatchObject({
      status: 200,
      body: { message: "admin.invitations.sent" },
    });
    const [mail] = await loggedMails();
    expect(mail).toMatchObject({ to: "grace@example.com", subject: "Einladung in die Verwaltung der IP-Angel-Website", status: "pending" });
    expect(mail!.text).toContain("als Redakteur/in");
    const token = await tokenMailedTo("grace@example.com");
    // Only the hash is stored.
    expect(JSON.stringify(await db().select().from(consoleInvitations))).not.toContain(token);
    expect(await listPendingInvitations()).toMatchObject([{ email: "grace@example.com", role: "editor", invitedBy: admin.email }]);
    const [row] = await db().select().from(consoleInvitations);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7 * 24 * 60 * 60 * 1000);

    expect(await invitationLoader(new Request(`http://localhost/invitation?token=${token}`))).toEqual({
      token,
      email: "grace@example.com",
      role: "editor",
    });
    let signedIn: unknown;
    try {
      await accept(token);
    } catch (thrown) {
      signedIn = thrown;
    }
    expect(signedIn).toBeInstanceOf(Response);
    expect((signedIn as Response).headers.get("Location")).toBe("/admin");
    expect((signedIn as Response).headers.get("Set-Cookie")).toMatch(/session_token=/);

    const [created] = await db().select().from(user).where(eq(user.email, "grace@example.com"));
    expect(created).toMatchObject({ name: "Grace", emailVerified: true });
    expect(await db().select({ provider: account.providerId }).from(account).where(eq(account.userId, created!.id))).toEqual([
      { provider: "credential" },
    ]);
    expect(await roleOf("grace@example.com")).toBe("editor");
    expect(await listPendingInvitations()).toEqual([]);
    const actions = (await db().select().from(auditLog).orderBy(auditLog.id)).map((entry) => [entry.action, entry.actorEmail]);
    expect(actions).toEqual([
      ["invitation.create", admin.email],
      ["invitation.accept", "grace@example.com"],
    ]);

    // Replayed: refused, nothing changes.
    expect(answerOf(await accept(token, { username: "Mallory", password: "other-pass-1" }))).toMatchObject({
      status: 404,
      body: { result: { error: { "": ["auth.invitation.invalid"] } } },
    });
    expect(await invitationLoader(new Request(`http://localhost/invitation?token=${token}`))).toMatchObject({ token: null });
    expect(await db().select().from(user).where(eq(user.email, "grace@example.com"))).toHaveLength(1);
  });

  it("expired, revoked, replaced and forged links are refused and change nothing", async () => {
    await invite({ email: "old@example.com", role: "admin", language: "en" });
    const expired = await tokenMailedTo("old@example.com");
    await db().execute(sql`update console_invitations set expires_at = now() - interval '1 second'`);
    expect(answerOf(await accept(expired)).body.result?.error).toEqual({ "": ["auth.invitation.invalid"] });
    expect(await findInvitation(expired)).toBeUndefined();

    await invite({ email: "rev@example.com", role: "admin", language: "en" });
    const revoked = await tokenMailedTo("rev@example.com");
    const [pending] = await listPendingInvitations();
    expect(await revokeInvitation(admin, pending!.id)).toMatchObject({ ok: true });
    expect(await revokeInvitation(admin, pending!.id)).toMatchObject({ ok: false, status: 404 });
    expect(await revokeInvitation(admin, "not-a-uuid")).toMatchObject({ ok: false, status: 404 });
    expect(answerOf(await accept(revoked)).status).toBe(404);

    await invite({ email: "twice@example.com", role: "editor", language: "en" });
    const first = await tokenMailedTo("twice@example.com");
    await invite({ email: "twice@example.com", role: "editor", language: "en" });
    const second = await tokenMailedTo("twice@example.com");
    expect(answerOf(await accept(first)).status).toBe(404);
    expect(await findInvitation(second)).toMatchObject({ email: "twice@example.com" });

    for (const forged of ["", "x", "A".repeat(43), `${second}A`, "../../etc/passwd"]) {
      expect(answerOf(await accept(forged)).status, forged).toBeGreaterThanOrEqual(400);
      expect(await findInvitation(forged)).toBeUndefined();
    }
    expect(await acceptInvitation(undefined, { username: "x", password: PASSWORD }, "en")).toMatchObject({ ok: false, status: 404 });
    expect(answerOf(await invitationAction(garbagePost("/invitation"))).status).toBe(400);
    // A weak password keeps the invitation usable.
    expect(answerOf(await accept(second, { password: "short" })).body.result?.error).toMatchObject({
      password: ["auth.errors.passwordMin"],
    });
    expect(await findInvitation(second)).toBeDefined();
    expect(
      await db()
        .select()
        .from(user)
        .where(sql`${user.email} in ('old@example.com', 'rev@example.com', 'twice@example.com')`),
    ).toEqual([]);

    // Retention: the ended invitations go (with the verification tokens' period), the open one stays.
    await db().execute(sql`update console_invitations set revoked_at = revoked_at - interval '2 hours' where revoked_at is not null`);
    await db().execute(sql`update console_invitations set expires_at = now() - interval '2 hours' where expires_at < now()`);
    expect((await runRetention({ ...(await getRetentionPolicy()), verificationHours: 1 })).invitations).toBe(3);
    expect((await db().select({ email: consoleInvitations.email }).from(consoleInvitations)).map((row) => row.email)).toEqual([
      "twice@example.com",
    ]);
  });

  it("an address with an account is not invited, and an account made meanwhile keeps the invitation from giving a role", async () => {
    expect(answerOf(await invite({ email: "ADA@example.com", role: "admin", language: "en" }))).toMatchObject({
      status: 409,
      body: { result: { error: { email: ["admin.invitations.errors.hasAccount"] } } },
    });
    expect(answerOf(await invite({ email: "not an address", role: "admin", language: "en" })).status).toBe(400);
    expect(answerOf(await invite({ email: "x@example.com", role: "owner", language: "en" })).status).toBe(400);
    expect(await loggedMails()).toEqual([]);

    await invite({ email: "late@example.com", role: "admin", language: "en" });
    const token = await tokenMailedTo("late@example.com");
    await db().insert(user).values({ id: "u-late", name: "Late", email: "late@example.com" });
    expect(answerOf(await accept(token)).body.result?.error).toEqual({ "": ["auth.invitation.hasAccount"] });
    expect(await roleOf("late@example.com")).toBeNull();
    expect(await roleOf("ada@example.com")).toBeNull();
  });
});
