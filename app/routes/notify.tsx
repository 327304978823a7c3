import { CheckCircle2, XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { confirmLaunchNotification, notifyIntent, statusCodeOf, type NotifyAnswer } from "~/features/launch-notify/launch-notify.server";
import { isLaunchTopic } from "~/features/launch-notify/launch-topics";
import { answer, readForm, runIntent } from "~/lib/form-action.server";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";

/**
 * /notify: POST records a "tell me when it opens" request (from /academy and /tandem);
 * GET with `?token=` is the confirmation link of its mail (double opt-in).
 */
export const meta = metaFromLoader;

/** The form kit's intent table; without JavaScript the answer goes back to the page the form is on. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const clientIp = (context as { clientIp?: string }).clientIp ?? "unknown";
  let notify: NotifyAnswer | undefined;
  const result = await runIntent(
    request,
    {
      notify: async (intentContext) => {
        notify = await notifyIntent(intentContext, clientIp);
        return answer(notify, statusCodeOf(notify));
      },
    },
    form,
  );
  if (form.get("js") !== "1") {
    const topic = form.get("topic");
    const page = isLaunchTopic(topic) ? topic : "academy";
    throw redirect(`/${page}?notify=${notify?.status ?? "invalid"}#notify`);
  }
  return result;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const topic = await confirmLaunchNotification(new URL(request.url).searchParams.get("token"));
  return data(
    { meta: await loadPageMeta(request, "common.notify.meta", { noindex: true }), topic: topic ?? null },
    { status: topic ? 200 : 400, headers: { "Cache-Control": "no-store" } },
  );
}

export default function NotifyRoute() {
  const { t } = useTranslation();
  const { topic } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      {topic ? (
        <CheckCircle2 className="size-12 text-accent" aria-hidden="true" />
      ) : (
        <XCircle className="size-12 text-destructive" aria-hidden="true" />
      )}
      <h1 className="mt-6 text-3xl font-bold">{topic ? t("common.notify.confirmed.title") : t("common.notify.invalidLink.title")}</h1>
      <p className="mt-4 text-muted-foreground">
        {topic
          ? t("common.notify.confirmed.description", { topic: t(`common.notify.topics.${topic}`) })
          : t("common.notify.invalidLink.description")}
      </p>
      <Link to={topic ? `/${topic}` : "/"} className="mt-8 text-primary underline underline-offset-4">
        {topic ? t("common.notify.confirmed.back", { topic: t(`common.notify.topics.${topic}`) }) : t("common.notFound.returnHome")}
      </Link>
    </section>
  );
}
