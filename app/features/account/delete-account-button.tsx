import Trash2 from "lucide-react/icons/trash-2";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/form/form-error";
import { SubmitButton } from "~/components/form/submit-button";
import { useFormAnswer, useIntentFetcher } from "~/components/form";
import type { ProfileAnswer } from "./profile-actions.server";

/** 'Delete Account' after the browser's confirmation; success goes to `/` with the toast. */
export function DeleteAccountButton() {
  const { t } = useTranslation();
  const { fetcher, answer, busy } = useIntentFetcher<ProfileAnswer>("delete");
  // Navigating (redirectTo "/") re-runs the root loader: the shell forgets the signed-in user.
  useFormAnswer(answer);
  const errors = answer?.ok === false ? answer.result.error?.[""] : undefined;
  return (
    <fetcher.Form
      method="post"
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!window.confirm(t("profile.delete.confirm"))) return;
        void fetcher.submit(event.currentTarget, { method: "post" });
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <SubmitButton
        busy={busy}
        busyLabel={t("profile.busy.deleting")}
        variant="destructive"
        icon={<Trash2 aria-hidden />}
        className="w-full sm:w-auto"
      >
        {t("profile.delete.button")}
      </SubmitButton>
      <FormError form={{ errors: errors ?? undefined, errorId: "delete-error" }} />
    </fetcher.Form>
  );
}
