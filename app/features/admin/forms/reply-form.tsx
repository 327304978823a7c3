import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { REPLY_MAX_LENGTH } from "../inbox";
import { TextArea } from "../components/field";

/** The inbox's reply form (its own file so it moves to the form kit mechanically). */
export function ReplyForm({ error, resetKey }: { error?: string; resetKey: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "reply";
  return (
    <Form method="post" className="space-y-3" key={resetKey}>
      <input type="hidden" name="intent" value="reply" />
      <TextArea name="body" label={t("admin.inbox.replyLabel")} rows={6} maxLength={REPLY_MAX_LENGTH} required error={error} />
      <Button type="submit" disabled={busy}>
        {busy ? t("admin.inbox.sending") : t("admin.inbox.send")}
      </Button>
    </Form>
  );
}
