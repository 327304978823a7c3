import Trash2 from "lucide-react/icons/trash-2";
import { useTranslation } from "~/lib/use-translation";
import { FormError, getFormProps, HydratedInput, SubmitButton, useIntentForm } from "~/components/form";
import { PasswordField } from "./account-fields";
import { useAccountFormRules } from "./account-form-rules";
import type { ProfileAnswer } from "./profile-actions.server";

/**
 * 'Delete Account': the current password (an account without one: a recent sign-in, said below the
 * button), then the browser's confirmation; success goes to `/` with the toast.
 */
export function DeleteAccountButton({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  // Navigating (redirectTo "/") re-runs the root loader: the shell forgets the signed-in user.
  const rules = useAccountFormRules(hasPassword ? "currentPasswordSchema" : "noFieldsSchema");
  const kit = useIntentForm<ProfileAnswer>("delete", rules.options);
  const formProps = getFormProps(kit.form);
  return (
    <kit.fetcher.Form
      method="post"
      className="grid gap-2 sm:max-w-sm"
      data-testid="delete-account"
      onFocus={rules.prepare}
      {...formProps}
      onSubmit={(event) => {
        formProps.onSubmit?.(event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        if (!window.confirm(t("profile.delete.confirm"))) return;
        void kit.fetcher.submit(event.currentTarget, { method: "post" });
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <HydratedInput />
      {hasPassword ? (
        <PasswordField field={kit.fields.currentPassword} id="delete-current-password" label={t("profile.password.current")} />
      ) : (
        <p className="text-sm text-muted-foreground">{t("profile.proof.recentSignIn")}</p>
      )}
      <FormError form={kit.form} />
      <SubmitButton
        busy={kit.busy}
        busyLabel={t("profile.busy.deleting")}
        variant="outline"
        icon={<Trash2 aria-hidden />}
        className="w-full border-destructive text-destructive hover:bg-destructive/10 sm:w-auto"
      >
        {t("profile.delete.button")}
      </SubmitButton>
    </kit.fetcher.Form>
  );
}
