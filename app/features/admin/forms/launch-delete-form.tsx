import { Trash2 } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { DeleteRowButton } from "../components/console-form";

/** Deletes one "tell me when it opens" entry (the browser asks first; without JavaScript it posts directly). */
export function LaunchDeleteForm({ id, email, topicName }: { id: string; email: string; topicName: string }) {
  const { t } = useTranslation();
  return (
    <DeleteRowButton
      id={id}
      icon={<Trash2 aria-hidden="true" />}
      label={
        <>
          {t("admin.launches.delete")}
          <span className="sr-only"> {email}</span>
        </>
      }
      busyLabel={t("admin.launches.deleting")}
      confirm={t("admin.launches.confirmDelete", { email, topic: topicName })}
    />
  );
}
