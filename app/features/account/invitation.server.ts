import { redirectDocument } from "react-router";
import { acceptInvitation, findInvitation } from "~/features/admin/invitations.server";
import { answer, runIntent } from "~/lib/form-action.server";
import { failedAnswer, invalidAnswer, parseForm, type FormAnswer } from "~/lib/form-submission";
import { languageFromRequest } from "~/lib/i18n.server";
import { getAuth } from "./auth.server";
import { authHeaders, assertSameOrigin, cookiesOf } from "./request.server";
import { acceptInvitationSchema } from "./schemas";

/**
 * /invitation?token=… (ADR 0074): GET shows the invitation (address and role) or says the link is
 * no longer valid; POST takes it (name and password), signs the new account in and opens the
 * console, which first asks for the second factor (ADR 0044).
 */
export type InvitationAnswer = FormAnswer<object>;

export async function invitationLoader(request: Request) {
  const token = new URL(request.url).searchParams.get("token");
  const invitation = await findInvitation(token);
  return invitation ? { token: token!, email: invitation.email, role: invitation.role } : { token: null, email: null, role: null };
}

export function invitationAction(request: Request) {
  assertSameOrigin(request);
  return runIntent(request, {
    accept: async ({ form, intent }) => {
      const submission = parseForm(form, acceptInvitationSchema);
      if (submission.status !== "success") return answer(invalidAnswer(intent, submission), 400);
      const { token, username, password } = submission.value;
      const outcome = await acceptInvitation(token, { username, password }, languageFromRequest(request));
      if (!outcome.ok) return answer(failedAnswer(intent, submission, { form: outcome.error }), outcome.status);
      const signedIn = await getAuth().api.signInEmail({
        body: { email: outcome.email, password },
        headers: authHeaders(request),
        asResponse: true,
      });
      // The account exists with its role either way; a refused sign-in (a rate limit) leaves the sign-in page.
      // A document load: the page in the browser was built without the console's routes (they are
      // listed only for a console role), so a client-side move to /admin would find no route.
      throw redirectDocument(signedIn.ok ? "/admin" : "/auth", { headers: cookiesOf(signedIn) });
    },
  });
}
