import { useId } from "react";
import { IntentForm, SubmitButton, TextField } from "~/components/form";
import { LANGUAGE_LOCALES } from "~/lib/i18n";
import { useLanguage } from "~/lib/language";
import { useTranslation } from "~/lib/use-translation";
import { SCHEDULE_TIME_ZONE } from "~/lib/schedule-time";
import { pageScheduleSchema } from "../schemas/page-schedule-schema";
import { ActionButton, FormOutcome, useConsoleForm } from "./console-form";

export interface PageScheduleData {
  publishAt: string;
  scheduledByEmail: string;
}

/** A time in the schedules' time zone (Berlin), in the console's language. */
export function useScheduleTimeFormat() {
  const { language } = useLanguage();
  const format = new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: SCHEDULE_TIME_ZONE,
  });
  return (iso: string) => format.format(new Date(iso));
}

/**
 * "Publish at" of one page in one language (ADR 0059): the draft as it is at that time goes live, in
 * Berlin time; a schedule shows when and who, and can be cancelled. The server refuses one without a draft.
 */
export function PageSchedule({ target, schedule }: { target: string; schedule: PageScheduleData | null }) {
  const { t } = useTranslation();
  const formatTime = useScheduleTimeFormat();
  const kit = useConsoleForm("schedule", { schema: pageScheduleSchema, target });
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="mb-6 space-y-2 rounded-md border border-border p-4 text-sm">
      <h2 id={`${id}-title`} className="font-medium">
        {t("admin.pages.schedule.title")}
      </h2>
      {schedule ? (
        <div className="space-y-2">
          <p data-testid="page-schedule" data-publish-at={schedule.publishAt}>
            {t("admin.pages.schedule.scheduledFor", { date: formatTime(schedule.publishAt), email: schedule.scheduledByEmail })}
          </p>
          <ActionButton
            intent="unschedule"
            target={target}
            label={t("admin.pages.schedule.cancel")}
            busyLabel={t("admin.pages.schedule.cancelling")}
          />
        </div>
      ) : (
        <IntentForm kit={kit} className="grid max-w-sm gap-2">
          <TextField
            field={kit.fields.publishAt!}
            type="datetime-local"
            label={t("admin.pages.schedule.label")}
            description={t("admin.pages.schedule.description")}
          />
          <FormOutcome kit={kit} />
          <SubmitButton busy={kit.busy} busyLabel={t("admin.pages.schedule.scheduling")} variant="outline" className="justify-self-start">
            {t("admin.pages.schedule.submit")}
          </SubmitButton>
        </IntentForm>
      )}
    </section>
  );
}
