import { CheckCircle2, XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { confirmLaunchNotification, notifyIntent, statusCodeOf, type NotifyAnswer } from "~/features/launch-notify/launch-notify.server";
import { isLaunchTopic } from "~/features/launch-notify/launch-topics";
import { isValidRemovalLink, removeByLink } from "~/features/launch-notify/launch-removal.server";
import { removeSchema } from "~/features/launch-notify/notify-schema";
import { RemoveForm } from "~/features/launch-notify/remove-form";
import { answer, readForm, runIntent } from "~/lib/form-action.server";
import { doneAnswer, failedAnswer, invalidAnswer, parseForm } from "~/lib/form-submission";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";

/**
 * /notify: POST records a "tell me when it opens" request (from /academy and /tandem, intent
 * `notify`) or removes one (intent `remove`, from the page of a removal link); GET with `?token=`
 * is the confirmation link of its mail (double opt-in), with `?remove=&s=` a removal link.
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
      remove: async ({ form: body, intent }) => {
        const submission = parseForm(body, removeSchema);
        if (submission.status !== "success") return answer(invalidAnswer(intent, submission));
        if ((await removeByLink(submission.value.remove, submission.value.s)) === "invalid") {
          return answer(failedAnswer(intent, submission, { form: "common.notify.remove.invalid" }));
        }
        return answer(doneAnswer(intent, submission, { message: "common.notify.remove.done" }));
      },
    },
    form,
  );
  // The removal page shows its own answer; the sign-up form's page gets it in the address.
  if (form.get("intent") !== "remove" && form.get("js") !== "1") {
    const topic = form.get("topic");
    const page = isLaunchTopic(topic) ? topic : "academy";
    throw redirect(`/${page}?notify=${notify?.status ?? "invalid"}#notify`);
  }
  return result;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const headers = { "Cache-Control": "no-store" };
  if (params.has("remove")) {
    // A removal link: a page with a button; the POST removes (GET changes nothing).
    const id = params.get("remove");
    const signature = params.get("s");
    const valid = isValidRemovalLink(id, signature);
    return data(
      {
        meta: await loadPageMeta(request, "common.notify.remove.meta", { noindex: true }),
        topic: null,
        removePath: null,
        remove: valid ? { id, signature: signature! } : null,
        removeInvalid: !valid,
      },
      { status: valid ? 200 : 400, headers },
    );
  }
  const entry = await confirmLaunchNotification(params.get("token"));
  return data(
    {
      meta: await loadPageMeta(request, "common.notify.meta", { noindex: true }),
      topic: entry?.topic ?? null,
      removePath: entry?.removePath ?? null,
      remove: null,
      removeInvalid: false,
    },
    { status: entry ? 200 : 400, headers },
  );
}

export default function NotifyRoute() {
  const { t } = useTranslation();
  const { topic, removePath, remove, removeInvalid } = useLoaderData<typeof loader>();
  if (remove) return <RemoveForm id={remove.id} signature={remove.signature} />;
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
          : removeInvalid
            ? t("common.notify.remove.invalid")
            : t("common.notify.invalidLink.description")}
      </p>
      {removePath ? (
        <a href={removePath} className="mt-4 text-sm text-muted-foreground underline underline-offset-4">
          {t("common.notify.confirmed.remove")}
        </a>
      ) : null}
      <Link to={topic ? `/${topic}` : "/"} className="mt-8 text-primary underline underline-offset-4">
        {topic ? t("common.notify.confirmed.back", { topic: t(`common.notify.topics.${topic}`) }) : t("common.notFound.returnHome")}
      </Link>
    </section>
  );
}
