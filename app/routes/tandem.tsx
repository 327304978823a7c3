import type { LoaderFunctionArgs } from "react-router";
import { TandemPage } from "~/features/marketing/tandem/tandem-page";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";
import { NotifyForm } from "~/features/launch-notify/notify-form";

export const meta = metaFromLoader;
// Translation namespaces the browser loads for this page (app/lib/i18n.ts).
export const handle = { i18n: ["tandem"] };

export async function loader({ request }: LoaderFunctionArgs) {
  return { meta: await loadPageMeta(request, "tandem.meta") };
}

export default function TandemRoute() {
  return (
    <>
      <TandemPage />
      {/* Coming soon: "tell me when it opens" (double opt-in, features/launch-notify). */}
      <NotifyForm topic="tandem" />
    </>
  );
}
