import { BellOff, CheckCircle2 } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { FormError, IntentForm, SubmitButton, useIntentForm } from "~/components/form";
import type { FormAnswer } from "~/lib/form-submission";
import { removeSchema } from "./notify-schema";

/**
 * The page of a removal link: a button (a mail scanner opening the link changes nothing) that
 * takes the address off the "tell me when it opens" list. Form kit; works without JavaScript.
 */
export function RemoveForm({ id, signature }: { id: string; signature: string }) {
  const { t } = useTranslation();
  const kit = useIntentForm<FormAnswer>("remove", { schema: removeSchema, defaultValue: { remove: id, s: signature } });
  const done = kit.answer?.ok === true;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      {done ? (
        <CheckCircle2 className="size-12 text-accent" aria-hidden="true" />
      ) : (
        <BellOff className="size-12 text-accent" aria-hidden="true" />
      )}
      <h1 className="mt-6 text-3xl font-bold">{t("notify.remove.title")}</h1>
      <p className="mt-4 text-muted-foreground" role="status">
        {done ? t("notify.remove.done") : t("notify.remove.description")}
      </p>
      {done ? null : (
        <IntentForm kit={kit} className="mt-8 grid justify-items-center gap-3">
          <input type="hidden" name="remove" value={id} />
          <input type="hidden" name="s" value={signature} />
          <FormError form={kit.form} />
          <SubmitButton busy={kit.busy} busyLabel={t("notify.remove.busy")}>
            {t("notify.remove.button")}
          </SubmitButton>
        </IntentForm>
      )}
    </section>
  );
}
