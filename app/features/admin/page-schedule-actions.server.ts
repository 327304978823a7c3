import type { ContentNamespace } from "~/lib/content-pages";
import type { Language } from "~/lib/i18n";
import { handleForm, type ConsoleHandler } from "./action.server";
import type { ConsoleActor } from "./guard.server";
import { cancelSchedule, schedulePublish } from "./page-schedule.server";
import { buttonSchema } from "./schemas/console-schemas";
import { pageScheduleSchema } from "./schemas/page-schedule-schema";

/** The page editor's "Publish at" and "Cancel the schedule" (ADR 0059), intents of its action. */
export function scheduleIntents(actor: ConsoleActor, namespace: ContentNamespace, language: Language): Record<string, ConsoleHandler> {
  const target = `${namespace}-${language}`;
  return {
    schedule: (context) =>
      handleForm(context, pageScheduleSchema, ({ publishAt }) => schedulePublish(actor, namespace, language, publishAt), { target }),
    unschedule: (context) => handleForm(context, buttonSchema, () => cancelSchedule(actor, namespace, language), { target }),
  };
}
