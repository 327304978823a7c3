import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { SETTING_GROUPS, type SettingKey } from "~/lib/site-facts";
import { Field } from "../components/field";

const INPUT_TYPES: Partial<Record<SettingKey, string>> = {
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
 * The site settings form (its own file so it moves to the form kit mechanically). Every field
 * shows what the site uses while it is empty (the file's default or the environment's URL).
 */
export function SettingsForm({
  values,
  fallbacks,
  errors,
  imprintKeys,
}: {
  values: Partial<Record<SettingKey, string>>;
  fallbacks: Record<SettingKey, string>;
  errors?: Partial<Record<SettingKey, string>>;
  imprintKeys: readonly SettingKey[];
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="space-y-8" noValidate>
      <input type="hidden" name="intent" value="save" />
      {(Object.keys(SETTING_GROUPS) as Array<keyof typeof SETTING_GROUPS>).map((group) => (
        <fieldset key={group} className="rounded-lg border border-border p-4 sm:p-6">
          <legend className="px-2 text-lg font-semibold">{t(`admin.settings.groups.${group}`)}</legend>
          <p className="mb-4 text-sm text-muted-foreground">{t(`admin.settings.groupHints.${group}`)}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            {SETTING_GROUPS[group].map((key) => (
              <Field
                key={key}
                name={key}
                type={INPUT_TYPES[key] ?? "text"}
                label={t(`admin.settings.fields.${key}`) + (imprintKeys.includes(key) ? " *" : "")}
                defaultValue={values[key] ?? ""}
                error={errors?.[key]}
                hint={
                  fallbacks[key]
                    ? t("admin.settings.whenEmpty", { value: fallbacks[key] })
                    : key === "academyUrl" || key === "marketUrl"
                      ? t("admin.settings.ownPageWhenEmpty", { path: key === "academyUrl" ? "/academy" : "/market" })
                      : t("admin.settings.notShownWhenEmpty")
                }
                inputMode={key.startsWith("claim") ? "decimal" : undefined}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <p className="text-sm text-muted-foreground">{t("admin.settings.requiredNote")}</p>
      <Button type="submit" disabled={busy}>
        {busy ? t("admin.actions.saving") : t("admin.actions.save")}
      </Button>
    </Form>
  );
}
