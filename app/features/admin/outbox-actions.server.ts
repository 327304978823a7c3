import { languageFromRequest } from "~/lib/i18n.server";
import { handleForm, runConsoleIntent, targetOf } from "./action.server";
import type { ConsoleActor } from "./guard.server";
import { cancelMail, sendMailNow, sendTestMail } from "./outbox.server";
import { buttonSchema, targetSchema } from "./schemas/console-schemas";

/** /admin/outbox: "send now" and "cancel" per queued mail, and the test mail (admins; the route checks). */
export function outboxAction(request: Request, actor: ConsoleActor) {
  return runConsoleIntent(request, actor, {
    sendNow: (context) => handleForm(context, targetSchema, ({ id }) => sendMailNow(actor, id), { target: targetOf(context.form) }),
    cancel: (context) => handleForm(context, targetSchema, ({ id }) => cancelMail(actor, id), { target: targetOf(context.form) }),
    testMail: (context) => handleForm(context, buttonSchema, () => sendTestMail(actor, languageFromRequest(request))),
  });
}
