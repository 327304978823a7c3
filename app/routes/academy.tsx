import type { LoaderFunctionArgs } from "react-router";
import { AcademyPage } from "~/features/marketing/academy/academy-page";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;
// Translation namespaces the browser loads for this page (app/lib/i18n.ts).
export const handle = { i18n: ["academy"] };

export async function loader({ request }: LoaderFunctionArgs) {
  return { meta: await loadPageMeta(request, "academy.meta") };
}

export default function AcademyRoute() {
  return <AcademyPage />;
}
