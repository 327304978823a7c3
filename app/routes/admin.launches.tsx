import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { LaunchesPage } from "~/features/admin/components/launches-page";
import { consoleMeta } from "~/features/admin/console.server";
import { requireConsole } from "~/features/admin/guard.server";
import { loadLaunchesConsole, parseLaunchFilters, removeLaunchSignup } from "~/features/admin/launches-admin.server";
import { launchDeleteSchema } from "~/features/admin/privacy-schemas";
import { answer, runIntent, type IntentContext } from "~/lib/form-action.server";
import { doneAnswer, failedAnswer, invalidAnswer, parseForm } from "~/lib/form-submission";
import { metaFromLoader } from "~/lib/seo";

export const meta = metaFromLoader;

/** /admin/launches: the "tell me when it opens" sign-ups per launch (admins); deleting one is audited. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "launches");
  const filters = parseLaunchFilters(new URL(request.url));
  return { ...(await loadLaunchesConsole(filters)), filters, meta: await consoleMeta(request, "admin.meta.launches") };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireConsole(request, "launches");
  return runIntent(request, {
    delete: async ({ form, intent }: IntentContext) => {
      const submission = parseForm(form, launchDeleteSchema);
      if (submission.status !== "success") return answer(invalidAnswer(intent, submission));
      if (!(await removeLaunchSignup(actor, submission.value.id))) {
        return answer(failedAnswer(intent, submission, { form: "admin.errors.notFound" }), 404);
      }
      return answer(doneAnswer(intent, submission, { message: "admin.launches.deleted" }));
    },
  });
}

export default function AdminLaunchesRoute() {
  const data = useLoaderData<typeof loader>();
  return <LaunchesPage {...data} />;
}
