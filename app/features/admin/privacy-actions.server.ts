import { answer, type IntentContext } from "~/lib/form-action.server";
import { doneAnswer, failedAnswer, invalidAnswer, parseForm } from "~/lib/form-submission";
import { handleForm, runConsoleIntent, targetOf } from "./action.server";
import type { ConsoleActor } from "./guard.server";
import { removeLaunchSignup } from "./launches-admin.server";
import { saveRetention } from "./retention-admin.server";
import { targetSchema } from "./schemas/console-schemas";
import { dataRequestSchema, retentionSchema } from "./schemas/privacy-schemas";
import { eraseAddress } from "./data-requests-admin.server";

/** The console's privacy pages' actions (issues 12, 13): intent tables on the form kit, admins only (the routes check). */
export function retentionAction(request: Request, actor: ConsoleActor) {
  return runConsoleIntent(request, actor, {
    save: (context) =>
      handleForm(
        context,
        retentionSchema,
        async (values) => {
          await saveRetention(actor, values);
          return { ok: true };
        },
        { message: "admin.retention.saved", keepValues: true },
      ),
  });
}

/** Deleting one launch sign-up: its row disappears, so success is a toast; a refusal shows at the row. */
async function deleteSignup({ form, intent }: IntentContext, actor: ConsoleActor) {
  const target = targetOf(form);
  const submission = parseForm(form, targetSchema);
  if (submission.status !== "success") return answer({ ...invalidAnswer(intent, submission), target }, 400);
  if (!(await removeLaunchSignup(actor, submission.value.id))) {
    return answer(failedAnswer(intent, submission, { form: "admin.errors.notFound" }, { target }), 404);
  }
  return answer(doneAnswer(intent, submission, { toast: { tone: "success", title: "admin.launches.deleted" }, extra: { target } }));
}

export function launchesAction(request: Request, actor: ConsoleActor) {
  return runConsoleIntent(request, actor, { delete: deleteSignup });
}

/** /admin/data-requests: erase everything held for an address (admins, with a recent second factor; the route checks). */
export function dataRequestAction(request: Request, actor: ConsoleActor) {
  return runConsoleIntent(request, actor, {
    erase: (context) => handleForm(context, dataRequestSchema, ({ email }) => eraseAddress(actor, email), { keepValues: true }),
  });
}
