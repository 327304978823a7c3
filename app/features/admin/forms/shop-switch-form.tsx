import { useTranslation } from "~/lib/use-translation";
import { IntentForm, SubmitButton, SwitchField } from "~/components/form";
import { FormOutcome, useConsoleForm } from "../components/console-form";
import { shopSwitchSchema } from "../schemas/console-schemas";

/** The shop switch (ADR 0077): off, /shop says it opens soon and the shop leaves the navigation. */
export function ShopSwitchForm({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const kit = useConsoleForm("shop", { schema: shopSwitchSchema, defaultValue: { open: open ? "on" : undefined } });
  return (
    <IntentForm kit={kit} className="space-y-4 rounded-lg border border-border p-4 sm:p-6" aria-labelledby="settings-shop">
      <h2 id="settings-shop" className="scroll-mt-4 text-lg font-semibold">
        {t("admin.settings.shop.title")}
      </h2>
      <SwitchField field={kit.fields.open!} label={t("admin.settings.shop.open")} description={t("admin.settings.shop.hint")} />
      <FormOutcome kit={kit} />
      <SubmitButton busy={kit.busy} busyLabel={t("admin.actions.saving")}>
        {t("admin.settings.shop.save")}
      </SubmitButton>
    </IntentForm>
  );
}
