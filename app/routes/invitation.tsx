import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { InvitationPage } from "~/features/account/invitation-page";
import { invitationAction, invitationLoader } from "~/features/account/invitation.server";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const meta = metaFromLoader;
// The account schemas module carries profile keys too (its other forms).
export const handle = { i18n: ["auth", "profile"] };
// A link with a one-time token: never in a crawler's path.
export const page = { noCrawl: true } satisfies Page;

export async function loader({ request }: LoaderFunctionArgs) {
  return { ...(await invitationLoader(request)), meta: await loadPageMeta(request, "auth.invitation.meta", { noindex: true }) };
}

export async function action({ request }: ActionFunctionArgs) {
  return invitationAction(request);
}

export default function InvitationRoute() {
  return <InvitationPage />;
}
