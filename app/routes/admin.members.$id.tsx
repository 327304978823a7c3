import { redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { dispatch, fail, ok, text } from "~/features/admin/action.server";
import { ActionNotice } from "~/features/admin/components/action-notice";
import { MemberPage } from "~/features/admin/components/member-page";
import { consoleMeta } from "~/features/admin/console.server";
import { consoleNotFound, requireConsole } from "~/features/admin/guard.server";
import { deleteMember, loadMember, resendConfirmation, setMemberRole, signOutEverywhere } from "~/features/admin/members.server";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;
// The account feature's modules (self-service deletion, confirmation mail) carry these namespaces' keys.
export const handle = { i18n: ["auth", "profile"] };

/** /admin/members/:id: one member with sessions and mails; resend, sign out everywhere, role, delete. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireConsole(request, "members");
  const data = await loadMember(params.id ?? "");
  if (!data) consoleNotFound(request);
  return { ...data, isSelf: data.member.id === actor.id, meta: await consoleMeta(request, "admin.meta.members") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireConsole(request, "members");
  const id = params.id ?? "";
  type Outcome = { ok: true; message: string } | { ok: false; error: string; status: number };
  const answer = (intent: string, outcome: Outcome) =>
    outcome.ok ? ok(intent, outcome.message) : fail(intent, outcome.error, outcome.status);
  return dispatch(request, {
    resend: async () => answer("resend", await resendConfirmation(actor, id)),
    signOut: async () => answer("signOut", await signOutEverywhere(actor, id)),
    role: async (form) => answer("role", await setMemberRole(actor, id, text(form, "role"))),
    delete: async () => {
      const outcome = await deleteMember(actor, id);
      if (!outcome.ok) return answer("delete", outcome);
      throw redirect("/admin/members");
    },
  });
}

export default function AdminMemberRoute() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <ActionNotice result={result} />
      <MemberPage {...data} />
    </>
  );
}
