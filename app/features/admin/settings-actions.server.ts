import { handleForm, runConsoleIntent, type ConsoleHandler } from "./action.server";
import type { ConsoleActor } from "./guard.server";
import { settingsSchema } from "./schemas/console-schemas";
import { saveSettings } from "./settings.server";

/** /admin/settings: the one form of the company's facts and links. */
const save: ConsoleHandler = (context, actor) =>
  handleForm(
    context,
    settingsSchema,
    async (values) => {
      await saveSettings(actor, values);
      return { ok: true, message: "admin.settings.saved" };
    },
    { keepValues: true },
  );

export function settingsAction(request: Request, actor: ConsoleActor) {
  return runConsoleIntent(request, actor, { save });
}
