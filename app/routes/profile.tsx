import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { profileAction, profileLoader } from "~/features/account/profile-actions.server";
import { ProfilePage } from "~/features/account/profile-page";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;
// Translation namespaces the browser loads for this page (app/lib/i18n.ts).
export const handle = { i18n: ["profile", "auth"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const result = await profileLoader(request);
  return { ...result, meta: await loadPageMeta(request, "profile.meta") };
}

export async function action({ request }: ActionFunctionArgs) {
  return profileAction(request);
}

export default function ProfileRoute() {
  return <ProfilePage />;
}
