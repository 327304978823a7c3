import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { authAction, authLoader } from "~/features/account/auth-actions.server";
import { AuthPage } from "~/features/account/auth-page";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";
import { CONTENT_LIFETIME_MS, onlyParams, type Page } from "~/lib/page";

export const meta = metaFromLoader;
// Translation namespaces the browser loads for this page (app/lib/i18n.ts).
export const handle = { i18n: ["auth", "profile"] };
export const page = {
  cache: {
    tag: "content",
    lifetimeMs: CONTENT_LIFETIME_MS,
    brotliQuality: 11,
    key: (params) => (onlyParams(params, ["tab"]) ? (params.get("tab") === "signup" ? "tab=signup" : "") : undefined),
  },
} satisfies Page;

export async function loader({ request }: LoaderFunctionArgs) {
  return { ...(await authLoader(request)), meta: await loadPageMeta(request, "auth.meta") };
}

export async function action({ request }: ActionFunctionArgs) {
  return authAction(request);
}

export default function AuthRoute() {
  return <AuthPage />;
}
