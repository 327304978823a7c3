import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { Invitations } from "~/features/admin/forms/invitation-forms";
import { listPendingInvitations } from "~/features/admin/invitations.server";
import { invitationsAction } from "~/features/admin/member-actions.server";
import { MembersList } from "~/features/admin/components/members-list";
import { consoleMeta } from "~/features/admin/console.server";
import { requireConsole } from "~/features/admin/guard.server";
import { listMembers, parseMemberFilters } from "~/features/admin/members.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const meta = metaFromLoader;
// The account feature's modules (self-service deletion, confirmation mail) carry these namespaces' keys.
export const handle = { i18n: ["auth", "profile"] };
export const page = { console: "members" } satisfies Page;

/** /admin/members: every account, searchable and sortable, and the invitations to the console (admins). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "members");
  const filters = parseMemberFilters(new URL(request.url));
  return {
    ...(await listMembers(filters)),
    filters,
    invitations: await listPendingInvitations(),
    meta: await consoleMeta(request, "admin.meta.members"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  return invitationsAction(request, await requireConsole(request, "members"));
}

export default function AdminMembersRoute() {
  const { invitations, ...data } = useLoaderData<typeof loader>();
  return (
    <>
      <MembersList {...data} />
      <Invitations invitations={invitations} />
    </>
  );
}
