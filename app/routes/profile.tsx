import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { profileAction, profileLoader } from "~/features/account/profile-actions.server";
import { ProfilePage } from "~/features/account/profile-page";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";
import { AVATAR_MAX_BYTES } from "~/lib/field-limits";
import { CONTENT_LIFETIME_MS, FORM_BODY_LIMIT, onlyParams, type Page } from "~/lib/page";

export const meta = metaFromLoader;
// Translation namespaces the browser loads for this page (app/lib/i18n.ts).
export const handle = { i18n: ["profile", "auth", "mydata"] };
export const page = {
  noCrawl: true,
  // The member shell (ADR 0031). A reset link (?token=), its error, the export's notice or the page
  // without JavaScript (?view=full): rendered per request.
  cache: {
    tag: "content",
    lifetimeMs: CONTENT_LIFETIME_MS,
    brotliQuality: 11,
    memberShell: true,
    key: (params) => (onlyParams(params, []) ? "" : undefined),
  },
  // The avatar: the image plus room for the multipart framing and the other fields.
  body: { signedInMultipartLimit: AVATAR_MAX_BYTES + FORM_BODY_LIMIT },
} satisfies Page;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const meta = await loadPageMeta(request, "profile.meta");
  // The shell every member shares (server/page-cache.ts, ADR 0031): no session is read; the page
  // fetches its member's data (`/profile.data`, this loader again) once it runs.
  if (context.pageShell) return { shell: true, profile: null, resetToken: null, resetError: false, privacy: undefined, meta };
  // The profile with its sessions and export notice (issue 12), or the reset-password view.
  return { shell: false, ...(await profileLoader(request)), meta };
}

export async function action({ request }: ActionFunctionArgs) {
  return profileAction(request);
}

export default function ProfileRoute() {
  return <ProfilePage />;
}
