import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { AcademyPage } from "~/features/marketing/academy/academy-page";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";
import { NotifyForm } from "~/features/launch-notify/notify-form";
import { notifySchema } from "~/features/launch-notify/notify-schema";
import { constraintOf } from "~/lib/form-constraint";
import { HYDRATE_ON_USE } from "~/lib/document-page";
import { CONTENT_CACHE, type Page } from "~/lib/page";

export const meta = metaFromLoader;
// Translation namespaces the browser loads for this page (app/lib/i18n.ts); a document page without React (ADR 0032).
export const handle = { i18n: ["academy", "notify"], ...HYDRATE_ON_USE };
export const page = { sitemap: true, cache: CONTENT_CACHE } satisfies Page;

export async function loader({ request }: LoaderFunctionArgs) {
  // The notify field's limits as input attributes, without sending the schema (zod) with the page.
  return { meta: await loadPageMeta(request, "academy.meta"), notifyConstraint: constraintOf(notifySchema) };
}

export default function AcademyRoute() {
  const { notifyConstraint } = useLoaderData<typeof loader>();
  return (
    <>
      <AcademyPage />
      {/* Coming soon: "tell me when it opens" (double opt-in, features/launch-notify). */}
      <NotifyForm topic="academy" constraint={notifyConstraint} />
    </>
  );
}
