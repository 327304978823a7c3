import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { MemberPage } from "~/features/admin/components/member-page";
import { consoleMeta } from "~/features/admin/console.server";
import { consoleNotFound, requireConsole } from "~/features/admin/guard.server";
import { memberAction } from "~/features/admin/member-actions.server";
import { loadMember } from "~/features/admin/members.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const meta = metaFromLoader;
// The account feature's modules (self-service deletion, confirmation mail) carry these namespaces' keys.
export const handle = { i18n: ["auth", "profile"] };
export const page = { console: "members" } satisfies Page;

/** /admin/members/:id: one member with sessions and mails; resend, sign out everywhere, role, delete. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireConsole(request, "members");
  const data = await loadMember(params.id ?? "");
  if (!data) consoleNotFound(request);
  return { ...data, isSelf: data.member.id === actor.id, meta: await consoleMeta(request, "admin.meta.members") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return memberAction(request, await requireConsole(request, "members"), params.id ?? "");
}

export default function AdminMemberRoute() {
  const data = useLoaderData<typeof loader>();
  return <MemberPage {...data} />;
}
