import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { profileAction, profileLoader } from "~/features/account/profile-actions.server";
import { loadPrivacySection } from "~/features/account/privacy-actions.server";
import { ProfilePage } from "~/features/account/profile-page";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;
// Translation namespaces the browser loads for this page (app/lib/i18n.ts).
export const handle = { i18n: ["profile", "auth", "mydata"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const result = await profileLoader(request);
  // Sessions and the data export (issue 12) for a signed-in profile; not on the reset-password view.
  const privacy = result.profile ? await loadPrivacySection(request) : undefined;
  return { ...result, privacy, meta: await loadPageMeta(request, "profile.meta") };
}

export async function action({ request }: ActionFunctionArgs) {
  return profileAction(request);
}

export default function ProfileRoute() {
  return <ProfilePage />;
}
