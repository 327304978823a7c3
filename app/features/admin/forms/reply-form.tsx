import { useTranslation } from "~/lib/use-translation";
import { IntentForm, SubmitButton, TextareaField } from "~/components/form";
import { FormOutcome, useConsoleForm } from "../components/console-form";
import { replySchema } from "../schemas/console-schemas";

/** The inbox's reply form: emptied once the reply is sent (it then shows in the thread above). */
export function ReplyForm() {
  const { t } = useTranslation();
  const kit = useConsoleForm("reply", { schema: replySchema });
  return (
    <IntentForm kit={kit} className="space-y-3">
      <TextareaField field={kit.fields.body} label={t("admin.inbox.replyLabel")} rows={6} />
      <FormOutcome kit={kit} />
      <SubmitButton busy={kit.busy} busyLabel={t("admin.inbox.sending")}>
        {t("admin.inbox.send")}
      </SubmitButton>
    </IntentForm>
  );
}
