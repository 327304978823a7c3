import { answer } from "~/lib/form-action.server";
import { doneAnswer, failedAnswer, plainSubmission } from "~/lib/form-submission";
import { handleForm, runConsoleIntent, type ConsoleHandler } from "./action.server";
import type { ConsoleActor } from "./guard.server";
import { startMediaFromOriginal } from "./media-translation-drafts.server";
import { startFromEnglishSchema, startMediaSchema } from "./schemas/translation-schema";
import { importTranslation } from "./translation-files.server";
import { startFromEnglish } from "./translations.server";

/**
 * /admin/translations: "start from English" of one page in one language (a button per cell), "start
 * from the original" of one media item in one language (a button per listed item), and the
 * import of a translator's file (multipart, one `file`), which answers with its report.
 */
export function translationsAction(request: Request, actor: ConsoleActor) {
  const start: ConsoleHandler = (context) => {
    const target = `${String(context.form.get("page")).slice(0, 40)}-${String(context.form.get("language")).slice(0, 10)}`;
    return handleForm(context, startFromEnglishSchema, ({ page, language }) => startFromEnglish(actor, page, language), { target });
  };
  const startMedia: ConsoleHandler = (context) => {
    const target = `${String(context.form.get("item")).slice(0, 40)}-${String(context.form.get("language")).slice(0, 10)}`;
    return handleForm(context, startMediaSchema, ({ item, language }) => startMediaFromOriginal(actor, item, language), { target });
  };
  const importFile: ConsoleHandler = async ({ form, intent }) => {
    const file = form.get("file");
    const result = await importTranslation(actor, file instanceof File ? file : null);
    // The answer's submission is made without the file: it echoes no upload back to the page.
    const submission = plainSubmission(new FormData());
    if (!result.ok) {
      return answer(
        failedAnswer(intent, submission, { form: `admin.translations.errors.${result.problem}` }, { report: result.report }),
        result.status,
      );
    }
    return answer(doneAnswer(intent, submission, { message: "admin.translations.imported", extra: { report: result.report } }));
  };
  return runConsoleIntent(request, actor, { start, startMedia, import: importFile });
}
