import type { ContentNamespace } from "~/lib/content-pages";
import type { Language } from "~/lib/i18n";
import { handleForm, runConsoleIntent, type ConsoleHandler, type Outcome } from "./action.server";
import type { ConsoleActor } from "./guard.server";
import { missingImages } from "~/lib/page-images.server";
import { defaultFields, discardDraft, publishPage, saveDraft } from "./pages.server";
import { scheduleIntents } from "./page-schedule-actions.server";
import { buttonSchema } from "./schemas/console-schemas";
import { pageFieldsSchema } from "./schemas/page-schema";

/**
 * /admin/pages/:page: one form, three buttons (save the draft, publish this language, discard the
 * draft). The fields are parsed with the page's own schema: only its `f<index>` names are read, each
 * mapped to the field path the server knows, so a posted name never becomes a path.
 */
export function pageAction(request: Request, actor: ConsoleActor, namespace: ContentNamespace, language: Language) {
  const fields = defaultFields(namespace, language);
  const schema = pageFieldsSchema(
    fields.map((field, index) => ({ name: `f${index}`, long: field.long, rich: field.rich, image: field.image })),
  );
  const target = `${namespace}-${language}`;
  const byPath = (values: Record<string, string>) =>
    Object.fromEntries(fields.map((field, index) => [field.path, values[`f${index}`] ?? ""]));
  // An image field names a published library image (ADR 0082), checked before anything is written.
  const checked =
    (work: typeof saveDraft) =>
    async (values: Record<string, string>): Promise<Outcome> => {
      const images = fields.flatMap((field, index) => (field.image && values[`f${index}`] ? [[`f${index}`, values[`f${index}`]!]] : []));
      const missing = await missingImages(images.map(([, id]) => id!));
      const refused = images.filter(([, id]) => missing.has(id!));
      if (refused.length > 0)
        return { ok: false, status: 422, fields: Object.fromEntries(refused.map(([name]) => [name!, "admin.pages.errors.notAnImage"])) };
      return work(actor, namespace, language, byPath(values));
    };
  const save: ConsoleHandler = (context) => handleForm(context, schema, checked(saveDraft), { keepValues: true, target });
  const publish: ConsoleHandler = (context) => handleForm(context, schema, checked(publishPage), { keepValues: true, target });
  const discard: ConsoleHandler = (context) =>
    handleForm(context, buttonSchema, () => discardDraft(actor, namespace, language), { target });
  return runConsoleIntent(request, actor, { save, publish, discard, ...scheduleIntents(actor, namespace, language) });
}
