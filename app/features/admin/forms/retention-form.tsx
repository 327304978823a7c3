import { useTranslation } from "~/lib/use-translation";
import { IntentForm, SubmitButton, TextField } from "~/components/form";
import type { RetentionKey } from "~/features/privacy/retention-limits";
import { FormOutcome, useConsoleForm } from "../components/console-form";
import { retentionSchema } from "../schemas/privacy-schemas";

export interface RetentionSettingView {
  key: RetentionKey;
  env: string;
  unit: "days" | "months" | "hours";
  min: number;
  max: number;
}

/**
 * The retention periods (issue 12), on the form kit: one field per period, empty for its
 * default. The browser checks the same bounds the server enforces; the saved notice stays.
 */
export function RetentionForm({
  settings,
  defaults,
  overrides,
}: {
  settings: RetentionSettingView[];
  defaults: Record<RetentionKey, number>;
  overrides: Partial<Record<RetentionKey, number>>;
}) {
  const { t } = useTranslation();
  const kit = useConsoleForm("save", {
    schema: retentionSchema,
    defaultValue: Object.fromEntries(settings.map(({ key }) => [key, overrides[key] === undefined ? "" : String(overrides[key])])),
  });
  const unit = (name: string, count: number) => t(`admin.retention.units.${name}`, { count });
  return (
    <>
      <IntentForm kit={kit} className="grid gap-6" data-testid="retention-form">
        <div className="grid gap-5 md:grid-cols-2">
          {settings.map((setting) => (
            <TextField
              key={setting.key}
              field={kit.fields[setting.key]}
              inputMode="numeric"
              placeholder={String(defaults[setting.key])}
              label={`${t(`admin.retention.labels.${setting.key}`)} (${t(`admin.retention.unitNames.${setting.unit}`)})`}
              description={t("admin.retention.hint", {
                standard: unit(setting.unit, defaults[setting.key]),
                min: setting.min,
                max: setting.max,
                env: setting.env,
              })}
            />
          ))}
        </div>
        <FormOutcome kit={kit} />
        <div>
          <SubmitButton busy={kit.busy} busyLabel={t("admin.retention.saving")}>
            {t("admin.retention.save")}
          </SubmitButton>
        </div>
      </IntentForm>
    </>
  );
}
