import { useLoaderData, type LoaderFunctionArgs } from "react-router";
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

/** /admin/members: every account, searchable and sortable (admins). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "members");
  const filters = parseMemberFilters(new URL(request.url));
  return { ...(await listMembers(filters)), filters, meta: await consoleMeta(request, "admin.meta.members") };
}

export default function AdminMembersRoute() {
  const data = useLoaderData<typeof loader>();
  return <MembersList {...data} />;
}
