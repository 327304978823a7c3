import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { LaunchesPage } from "~/features/admin/components/launches-page";
import { consoleMeta } from "~/features/admin/console.server";
import { requireConsole } from "~/features/admin/guard.server";
import { loadLaunchesConsole, parseLaunchFilters } from "~/features/admin/launches-admin.server";
import { launchesAction } from "~/features/admin/privacy-actions.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "launches" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/launches: the "tell me when it opens" sign-ups per launch (admins); deleting one is audited. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "launches");
  const filters = parseLaunchFilters(new URL(request.url));
  return { ...(await loadLaunchesConsole(filters)), filters, meta: await consoleMeta(request, "admin.meta.launches") };
}

export async function action({ request }: ActionFunctionArgs) {
  return launchesAction(request, await requireConsole(request, "launches"));
}

export default function AdminLaunchesRoute() {
  const data = useLoaderData<typeof loader>();
  return <LaunchesPage {...data} />;
}
