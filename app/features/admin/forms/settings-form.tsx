import { useTranslation } from "~/lib/use-translation";
import { IntentForm, SubmitButton, TextField } from "~/components/form";
import { SETTING_GROUPS, type SettingKey } from "~/lib/site-facts";
import { FormOutcome, useConsoleForm } from "../components/console-form";
import { settingsSchema } from "../schemas/console-schemas";

const INPUT_TYPES: Partial<Record<SettingKey, "email" | "tel" | "url">> = {
  email: "email",
  phone: "tel",
  academyUrl: "url",
  marketUrl: "url",
  communityUrl: "url",
  linkedin: "url",
  instagram: "url",
  youtube: "url",
  x: "url",
  github: "url",
  authorityUrl: "url",
};

/**
 * The site settings form. Every field shows what the site uses while it is empty (the file's
 * default or the environment's URL); after a refused save a summary stands above the button.
 */
export function SettingsForm({
  values,
  fallbacks,
  imprintKeys,
}: {
  values: Partial<Record<SettingKey, string>>;
  fallbacks: Record<SettingKey, string>;
  imprintKeys: readonly SettingKey[];
}) {
  const { t } = useTranslation();
  const kit = useConsoleForm("save", { schema: settingsSchema, defaultValue: values });
  const hint = (key: SettingKey) =>
    fallbacks[key]
      ? t("admin.settings.whenEmpty", { value: fallbacks[key] })
      : key === "academyUrl" || key === "marketUrl"
        ? t("admin.settings.ownPageWhenEmpty", { path: key === "academyUrl" ? "/academy" : "/market" })
        : t("admin.settings.notShownWhenEmpty");
  const refused = kit.form.status === "error" && Object.keys(kit.form.allErrors).length > 0;
  return (
    <IntentForm kit={kit} className="space-y-8">
      {(Object.keys(SETTING_GROUPS) as Array<keyof typeof SETTING_GROUPS>).map((group) => (
        <fieldset key={group} id={`settings-${group}`} className="scroll-mt-4 rounded-lg border border-border p-4 sm:p-6">
          <legend className="px-2 text-lg font-semibold">{t(`admin.settings.groups.${group}`)}</legend>
          <p className="mb-4 text-sm text-muted-foreground">{t(`admin.settings.groupHints.${group}`)}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            {SETTING_GROUPS[group].map((key) => (
              <TextField
                key={key}
                field={kit.fields[key]}
                type={INPUT_TYPES[key] ?? "text"}
                label={t(`admin.settings.fields.${key}`) + (imprintKeys.includes(key) ? " *" : "")}
                description={hint(key)}
                inputMode={key.startsWith("claim") ? "decimal" : undefined}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <p className="text-sm text-muted-foreground">{t("admin.settings.requiredNote")}</p>
      {refused ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {t("admin.settings.errors.invalid")}
        </p>
      ) : (
        <FormOutcome kit={kit} />
      )}
      <SubmitButton busy={kit.busy} busyLabel={t("admin.actions.saving")}>
        {t("admin.actions.save")}
      </SubmitButton>
    </IntentForm>
  );
}
