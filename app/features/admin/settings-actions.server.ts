import { saveBrand } from "./brand-settings.server";
import { handleForm, runConsoleIntent, type ConsoleHandler } from "./action.server";
import type { ConsoleActor } from "./guard.server";
import { brandSchema, settingsSchema } from "./schemas/console-schemas";
import { saveSettings } from "./settings.server";

/** /admin/settings: the company's facts and links, and the brand. */
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

/** The brand: pictures from the library and the colour (ADR 0076). */
const brand: ConsoleHandler = (context, actor) =>
  handleForm(context, brandSchema, (values) => saveBrand(actor, values), { keepValues: true });

export function settingsAction(request: Request, actor: ConsoleActor) {
  return runConsoleIntent(request, actor, { save, brand });
}
