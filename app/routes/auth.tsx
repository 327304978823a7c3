import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { authAction } from "~/features/account/auth-actions.server";
import { AuthPage } from "~/features/account/auth-page";
import { safeReturnTo } from "~/lib/return-to";
import { getOptionalUser } from "~/features/account/session.server";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;
// Translation namespaces the browser loads for this page (app/lib/i18n.ts).
export const handle = { i18n: ["auth", "profile"] };

export async function loader({ request }: LoaderFunctionArgs) {
  // A visitor who already has a session goes to / (spec §2), or back where they came from.
  if (await getOptionalUser(request)) throw redirect(safeReturnTo(new URL(request.url).searchParams.get("returnTo")) ?? "/");
  return { meta: await loadPageMeta(request, "auth.meta") };
}

export async function action({ request }: ActionFunctionArgs) {
  return authAction(request);
}

export default function AuthRoute() {
  return <AuthPage />;
}
