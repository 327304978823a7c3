import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { account, auditLog, mailLog, profiles, session, user, userRoles } from "~/db/schema";
import { db } from "~/lib/db.server";
import { answerOf, formPost, garbagePost, redirectOf } from "../../../tests/helpers/console-actions";
import { resetDatabase } from "../../../tests/helpers/database";
import { loggedMails } from "../../../tests/helpers/jobs";
import { memberAction } from "./member-actions.server";
import { deleteMember, listMembers, loadMember, parseMemberFilters, setMemberRole, signOutEverywhere } from "./members.server";

// The admin's own session, which passed its second factor just now (role changes and deletions ask for it: ADR 0044).
const admin = { id: "admin-1", email: "admin@ipangel.test", name: "Admin", role: "admin" as const, sessionId: "admin-1-s0" };

async function addUser(id: string, email: string, options: { newsletter?: boolean; google?: boolean; sessions?: number } = {}) {
  await db().insert(user).values({ id, name: id, email, emailVerified: true });
  await db()
    .insert(profiles)
    .values({ id, username: `${id}-name`, newsletterSubscribed: options.newsletter ?? false });
  await db()
    .insert(account)
    .values({ id: `${id}-acct`, accountId: id, providerId: options.google ? "google" : "credential", userId: id });
  for (let index = 0; index < (options.sessions ?? 0); index += 1) {
    await db()
      .insert(session)
      .values({ id: `${id}-s${index}`, token: `${id}-token-${index}`, userId: id, expiresAt: new Date(Date.now() + 86_400_000) });
  }
}

describe("members", () => {
  beforeEach(async () => {
    await resetDatabase();
    await addUser("admin-1", "admin@ipangel.test", { sessions: 1 });
    await db().update(session).set({ secondFactorAt: new Date() }).where(eq(session.id, admin.sessionId));
    await db().update(user).set({ twoFactorEnabled: true }).where(eq(user.id, admin.id));
    await addUser("u-ada", "ada@example.com", { newsletter: true, sessions: 2 });
    await addUser("u-grace", "=cmd|calc@example.com", { google: true, newsletter: true });
  });

  it("lists and searches members with sign-in method, newsletter and last sign-in", async () => {
    const { members } = await listMembers(parseMemberFilters(new URL("http://x/?q=ada")));
    expect(members).toHaveLength(1);
    expect(members[0]).toMatchObject({ email: "ada@example.com", newsletter: true, password: true, google: false, confirmed: true });
    expect(members[0]!.lastSignIn).not.toBeNull();
    expect((await listMembers(parseMemberFilters(new URL("http://x/?q=calc")))).members[0]).toMatchObject({
      google: true,
      password: false,
    });
  });

  it("shows a member's sessions and mails, and signs them out everywhere", async () => {
    await db().insert(mailLog).values({ recipient: "ADA@example.com", subject: "Confirm your email address", status: "sent" });
    await db().insert(mailLog).values({ recipient: "someone@else.test", subject: "Other", status: "sent" });
    const before = await loadMember("u-ada");
    expect(before!.sessions).toHaveLength(2);
    expect(before!.mails.map((mail) => mail.subject)).toEqual(["Confirm your email address"]);
    expect(await signOutEverywhere(admin, "u-ada")).toMatchObject({ ok: true });
    expect(await db().select().from(session).where(eq(session.userId, "u-ada"))).toEqual([]);
    const [entry] = await db().select().from(auditLog);
    expect(entry).toMatchObject({ action: "member.signOutEverywhere", changes: { sessions: { before: 2, after: 0 } } });
  });

  it("deletes an account completely (the self-service deletion) but never the admin's own", async () => {
    expect(await deleteMember(admin, "admin-1")).toMatchObject({ ok: false, status: 409 });
    expect(await deleteMember(admin, "u-ada")).toMatchObject({ ok: true });
    expect(await db().select().from(user).where(eq(user.id, "u-ada"))).toEqual([]);
    expect(await db().select().from(profiles).where(eq(profiles.id, "u-ada"))).toEqual([]);
    // The notice mail of the self-service deletion is queued too.
    const mails = await loggedMails();
    expect(mails.map((mail) => mail.to)).toContain("ada@example.com");
    expect(await deleteMember(admin, "u-ada")).toMatchObject({ ok: false, status: 404 });
  });

  it("gives and takes roles, audited, and refuses unknown roles and the admin's own", async () => {
    expect(await setMemberRole(admin, "u-ada", "editor")).toMatchObject({ ok: true });
    expect((await db().select().from(userRoles).where(eq(userRoles.userId, "u-ada")))[0]!.role).toBe("editor");
    expect(await setMemberRole(admin, "u-ada", "owner")).toMatchObject({ ok: false, status: 400 });
    expect(await setMemberRole(admin, "admin-1", "")).toMatchObject({ ok: false, status: 409 });
    expect(await setMemberRole(admin, "u-ada", "")).toMatchObject({ ok: true });
    const entries = await db().select().from(auditLog).orderBy(auditLog.id);
    expect(entries.map((entry) => [entry.action, entry.changes])).toEqual([
      ["role.grant", { role: { before: null, after: "editor" } }],
      ["role.revoke", { role: { before: "editor", after: null } }],
    ]);
  });

  it("the member page's forms: role (kept on refusal), sign out everywhere, delete; never the admin's own", async () => {
    const post = (id: string, intent: string, values: Record<string, string> = {}) =>
      memberAction(formPost(`/admin/members/${id}`, intent, values), admin, id);
    const unknownRole = answerOf(await post("u-ada", "role", { role: "owner" }));
    expect(unknownRole).toMatchObject({
      status: 400,
      body: { result: { error: { role: ["admin.members.errors.role"] }, initialValue: { role: "owner" } } },
    });
    expect(answerOf(await post("u-ada", "role", { role: "editor" }))).toMatchObject({
      status: 200,
      body: { message: "admin.members.roleSaved" },
    });
    const own = answerOf(await post("admin-1", "role", { role: "" }));
    expect(own).toMatchObject({ status: 409, body: { result: { error: { "": ["admin.members.errors.notYourself"] } } } });
    expect(answerOf(await post("u-ada", "signOut")).body.message).toBe("admin.members.signedOut");
    expect(await db().select().from(session).where(eq(session.userId, "u-ada"))).toEqual([]);
    expect(answerOf(await memberAction(garbagePost("/admin/members/u-ada"), admin, "u-ada")).status).toBe(400);
    expect(answerOf(await post("admin-1", "delete")).status).toBe(409);
    expect(await redirectOf(post("u-ada", "delete"))).toBe("/admin/members");
    expect(await db().select().from(user).where(eq(user.id, "u-ada"))).toEqual([]);
    expect(answerOf(await post("u-ada", "signOut"))).toMatchObject({ status: 404, body: { ok: false } });
  });
});
