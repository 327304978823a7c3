import { XCircle } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { data, Link, redirect, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { ConfirmedNotice, ConfirmForm } from "~/features/launch-notify/confirm-form";
import {
  confirmLaunchNotification,
  findLaunchNotification,
  notifyIntent,
  statusCodeOf,
  type NotifyAnswer,
} from "~/features/launch-notify/launch-notify.server";
import { isLaunchTopic, launchFormPath } from "~/features/launch-notify/launch-topics";
import { isValidRemovalLink, removeByLink } from "~/features/launch-notify/launch-removal.server";
import { confirmSchema, removeSchema } from "~/features/launch-notify/notify-schema";
import { RemoveForm } from "~/features/launch-notify/remove-form";
import { answer, readForm, runIntent } from "~/lib/form-action.server";
import { doneAnswer, failedAnswer, invalidAnswer, parseForm } from "~/lib/form-submission";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";
import { DOCUMENT_PAGE } from "~/lib/document-page";

/**
 * /notify: POST records a "tell me when it opens" request (from /academy and /tandem, intent
 * `notify`), confirms one (intent `confirm`, the button on the confirmation link's page) or removes
 * one (intent `remove`, from the page of a removal link). GET with `?token=` is the confirmation
 * link of its mail (double opt-in), with `?remove=&s=` a removal link: both only show a button.
 */
export const meta = metaFromLoader;
// A document page without React (ADR 0032): its forms post as plain HTML forms.
export const handle = { i18n: ["notify"], ...DOCUMENT_PAGE };

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
      confirm: async ({ form: body, intent }) => {
        const submission = parseForm(body, confirmSchema);
        if (submission.status !== "success") return answer(invalidAnswer(intent, submission));
        if (!(await confirmLaunchNotification(submission.value.token))) {
          return answer(failedAnswer(intent, submission, { form: "notify.invalidLink.description" }));
        }
        return answer(doneAnswer(intent, submission, { message: "notify.confirmed.title" }));
      },
      remove: async ({ form: body, intent }) => {
        const submission = parseForm(body, removeSchema);
        if (submission.status !== "success") return answer(invalidAnswer(intent, submission));
        if ((await removeByLink(submission.value.remove, submission.value.s)) === "invalid") {
          return answer(failedAnswer(intent, submission, { form: "notify.remove.invalid" }));
        }
        return answer(doneAnswer(intent, submission, { message: "notify.remove.done" }));
      },
    },
    form,
  );
  // The confirmation and removal pages show their own answer; the sign-up form's page gets it in the address.
  const ownPage = form.get("intent") === "confirm" || form.get("intent") === "remove";
  if (!ownPage && form.get("js") !== "1") {
    const topic = form.get("topic");
    const page = launchFormPath(isLaunchTopic(topic) ? topic : "academy");
    throw redirect(`${page}?notify=${notify?.status ?? "invalid"}#notify`);
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
        meta: await loadPageMeta(request, "notify.remove.meta", { noindex: true }),
        topic: null,
        removePath: null,
        confirm: null,
        remove: valid ? { id, signature: signature! } : null,
        removeInvalid: !valid,
      },
      { status: valid ? 200 : 400, headers },
    );
  }
  const token = params.get("token");
  const entry = await findLaunchNotification(token);
  return data(
    {
      meta: await loadPageMeta(request, "notify.meta", { noindex: true }),
      topic: entry?.topic ?? null,
      removePath: entry?.removePath ?? null,
      // Not yet confirmed: the page shows a button; only pressing it confirms.
      confirm: entry && !entry.confirmed ? { token: token! } : null,
      remove: null,
      removeInvalid: false,
    },
    { status: entry ? 200 : 400, headers },
  );
}

export default function NotifyRoute() {
  const { t } = useTranslation();
  const { topic, removePath, confirm, remove, removeInvalid } = useLoaderData<typeof loader>();
  if (remove) return <RemoveForm id={remove.id} signature={remove.signature} />;
  if (topic && removePath && confirm) return <ConfirmForm token={confirm.token} topic={topic} removePath={removePath} />;
  if (topic && removePath) return <ConfirmedNotice topic={topic} removePath={removePath} />;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <XCircle className="size-12 text-destructive" aria-hidden="true" />
      <h1 className="mt-6 text-3xl font-bold">{t("notify.invalidLink.title")}</h1>
      <p className="mt-4 text-muted-foreground">{removeInvalid ? t("notify.remove.invalid") : t("notify.invalidLink.description")}</p>
      <Link to="/" className="mt-8 inline-flex min-h-11 items-center text-primary underline underline-offset-4">
        {t("common.notFound.returnHome")}
      </Link>
    </section>
  );
}
