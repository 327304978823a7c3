import { useTranslation } from "~/lib/use-translation";
import { Link } from "react-router";
import { CheckboxField, SelectField, TextField, type FieldMeta } from "~/components/form";
import { CUSTOMER_TYPES as CUSTOMER_TYPE_VALUES } from "~/lib/field-limits";

/** The account forms' recurring fields, labelled and hinted the same way everywhere. */

export function EmailField({ field, id, label }: { field: FieldMeta; id: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      field={field}
      id={id}
      type="email"
      label={label ?? t("auth.fields.email")}
      autoComplete="email"
      placeholder={t("auth.placeholders.email")}
    />
  );
}

export function PasswordField({
  field,
  id,
  label,
  isNew = false,
  placeholder,
}: {
  field: FieldMeta;
  id: string;
  label: string;
  /** A password being chosen (the browser may suggest one) rather than the current one. */
  isNew?: boolean;
  placeholder?: string;
}) {
  return (
    <TextField
      field={field}
      id={id}
      type="password"
      label={label}
      autoComplete={isNew ? "new-password" : "current-password"}
      placeholder={placeholder}
    />
  );
}

export function CustomerTypeField({ field, id, label }: { field: FieldMeta; id: string; label: string }) {
  const { t } = useTranslation();
  const options = CUSTOMER_TYPE_VALUES.map((value) => ({ value, label: t(`auth.customerTypes.${value}`) }));
  return <SelectField field={field} id={id} label={label} options={options} />;
}

/** "I accept the <link>": the document opens in a new tab (spec §2). */
export function ConsentCheckbox({ field, id, to, label }: { field: FieldMeta; id: string; to: "/terms" | "/privacy"; label: string }) {
  const { t } = useTranslation();
  const prefix = to === "/terms" ? "auth.fields.acceptTermsPrefix" : "auth.fields.acceptPrivacyPrefix";
  return (
    <CheckboxField field={field} id={id}>
      {t(prefix)}{" "}
      <Link to={to} target="_blank" rel="noopener" className="text-primary underline underline-offset-4">
        {label}
      </Link>
    </CheckboxField>
  );
}
