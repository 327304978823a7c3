import { handleForm, runConsoleIntent, targetOf, thenRedirect, type ConsoleHandler } from "./action.server";
import { requireFreshSecondFactor, type ConsoleActor } from "./guard.server";
import { createInvitation, revokeInvitation } from "./invitations.server";
import { deleteMember, resendConfirmation, setMemberRole, signOutEverywhere } from "./members.server";
import { buttonSchema, inviteSchema, roleSchema, targetSchema } from "./schemas/console-schemas";

/** /admin/members/:id: resend the confirmation, sign out everywhere, give or take a role, delete. */
function memberHandlers(id: string): Record<string, ConsoleHandler> {
  return {
    resend: (context, actor) => handleForm(context, buttonSchema, () => resendConfirmation(actor, id)),
    signOut: (context, actor) => handleForm(context, buttonSchema, () => signOutEverywhere(actor, id)),
    // Role changes and deletion ask for a recent second factor (ADR 0044).
    role: async (context, actor) => {
      await requireFreshSecondFactor(context.request, actor);
      return handleForm(context, roleSchema, ({ role }) => setMemberRole(actor, id, role), { keepValues: true });
    },
    delete: async (context, actor) => {
      await requireFreshSecondFactor(context.request, actor);
      return handleForm(
        context,
        buttonSchema,
        thenRedirect(() => deleteMember(actor, id), "/admin/members"),
      );
    },
  };
}

export function memberAction(request: Request, actor: ConsoleActor, id: string) {
  return runConsoleIntent(request, actor, memberHandlers(id));
}

/** /admin/members: invite an address to the console with a role (a recent second factor, as a role change), revoke an invitation. */
export function invitationsAction(request: Request, actor: ConsoleActor) {
  return runConsoleIntent(request, actor, {
    invite: async (context, who) => {
      await requireFreshSecondFactor(context.request, who);
      return handleForm(context, inviteSchema, ({ email, role, language }) => createInvitation(who, { email, role }, language));
    },
    revokeInvitation: (context, who) =>
      handleForm(context, targetSchema, ({ id }) => revokeInvitation(who, id), { target: targetOf(context.form) }),
  });
}
