import { saveBrand } from "./brand-settings.server";
import { handleForm, runConsoleIntent, type ConsoleHandler } from "./action.server";
import type { ConsoleActor } from "./guard.server";
import { brandSchema, settingsSchema, shopSwitchSchema } from "./schemas/console-schemas";
import { saveSettings, saveShopOpen } from "./settings.server";

/** /admin/settings: the company's facts and links, the brand and the shop switch. */
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

/** The shop switch (ADR 0077): off, /shop is the "opens soon" page and the shop leaves the navigation. */
const shop: ConsoleHandler = (context, actor) =>
  handleForm(
    context,
    shopSwitchSchema,
    async (values) => {
      await saveShopOpen(actor, values.open);
      return { ok: true, message: values.open ? "admin.settings.shop.savedOpen" : "admin.settings.shop.savedClosed" };
    },
    { keepValues: true },
  );

export function settingsAction(request: Request, actor: ConsoleActor) {
  return runConsoleIntent(request, actor, { save, brand, shop });
}
