import { useTranslation } from "~/lib/use-translation";
import { IntentForm, SelectField, SubmitButton, TextField } from "~/components/form";
import { BRAND_IMAGES, type BrandKey } from "~/lib/brand";
import { FormOutcome, useConsoleForm } from "../components/console-form";
import { brandSchema } from "../schemas/console-schemas";

export interface BrandChoice {
  id: string;
  title: string;
  mimeType: string | null;
}

const TYPE_LABEL: Record<string, string> = { "image/png": "PNG", "image/jpeg": "JPEG", "image/webp": "WebP" };

/**
 * The brand (ADR 0076): the logo, favicon and share image are pictures of the media library (uploaded
 * there first, drafts too), the colour a `#rrggbb` the server refuses below AA contrast.
 */
export function BrandForm({ values, choices }: { values: Partial<Record<BrandKey, string>>; choices: BrandChoice[] }) {
  const { t } = useTranslation();
  const kit = useConsoleForm("brand", { schema: brandSchema, defaultValue: values });
  const options = [
    { value: "", label: t("admin.settings.brand.none") },
    ...choices.map((choice) => ({ value: choice.id, label: `${choice.title} (${TYPE_LABEL[choice.mimeType ?? ""] ?? choice.mimeType})` })),
  ];
  return (
    <IntentForm kit={kit} className="space-y-4 rounded-lg border border-border p-4 sm:p-6" aria-labelledby="settings-brand">
      <h2 id="settings-brand" className="scroll-mt-4 text-lg font-semibold">
        {t("admin.settings.brand.title")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("admin.settings.brand.hint")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {BRAND_IMAGES.map((image) => (
          <div key={image} className="grid content-start gap-1">
            <SelectField field={kit.fields[image]} label={t(`admin.settings.brand.fields.${image}`)} options={options} />
            <p className="text-xs text-muted-foreground">{t(`admin.settings.brand.rules.${image}`)}</p>
          </div>
        ))}
        <TextField
          field={kit.fields.accent}
          label={t("admin.settings.brand.fields.accent")}
          description={t("admin.settings.brand.rules.accent")}
          placeholder="#8b9dff"
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <FormOutcome kit={kit} />
      <SubmitButton busy={kit.busy} busyLabel={t("admin.actions.saving")}>
        {t("admin.settings.brand.save")}
      </SubmitButton>
    </IntentForm>
  );
}
