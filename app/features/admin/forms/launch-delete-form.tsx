import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { IntentForm, SubmitButton, useIntentForm } from "~/components/form";
import type { FormAnswer } from "~/lib/form-submission";
import { launchDeleteSchema } from "../privacy-schemas";

/**
 * Deletes one "tell me when it opens" entry (form kit; the browser asks first, without
 * JavaScript it posts directly). Every row shares the intent (and its answer, which the page
 * shows once above the list), so each row has its own form id.
 */
export function LaunchDeleteForm({ id, email, topicName }: { id: string; email: string; topicName: string }) {
  const { t } = useTranslation();
  const kit = useIntentForm<FormAnswer>("delete", { id: `delete-${id}`, schema: launchDeleteSchema, defaultValue: { id } });
  return (
    <IntentForm
      kit={kit}
      className="flex justify-end"
      onSubmitCapture={(event) => {
        if (!window.confirm(t("admin.launches.confirmDelete", { email, topic: topicName }))) {
          event.preventDefault();
          event.stopPropagation();
        }
      }}
    >
      <input type="hidden" name="id" value={id} />
      <SubmitButton
        busy={kit.busy}
        busyLabel={t("admin.launches.deleting")}
        variant="destructive"
        size="sm"
        icon={<Trash2 aria-hidden="true" />}
        aria-label={t("admin.launches.deleteLabel", { email })}
      >
        {t("admin.launches.delete")}
      </SubmitButton>
    </IntentForm>
  );
}
