import type { ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, selectClass } from "./field";

/**
 * The search and filter form of a console list (media, members, inbox, audit, launches, newsletter):
 * a GET form (it changes nothing, and works without JavaScript: the browser sends it as a link), the
 * text field `q` first with the query kept, the list's own filters after it, then the button.
 * Its texts are the list's translations `<keys>.searchLabel` (the search landmark's name, or
 * `labelKey`), `<keys>.search` (the field) and `<keys>.apply` (the button). `hidden` keeps what the
 * form does not show (the tab a list is on). Layouts: `row` (the field grows, the button after it:
 * the launch list, the newsletter), `one-filter` (field, one select, button: members, inbox), or the
 * list's own `className`.
 */
const LAYOUTS = {
  row: { form: "mb-6 flex flex-wrap items-end gap-3", query: "min-w-0 flex-1 space-y-1.5" },
  "one-filter": { form: "mb-6 grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end", query: undefined },
} as const;

export function ConsoleSearch({
  keys,
  labelKey = `${keys}.searchLabel`,
  query,
  layout,
  className = layout ? LAYOUTS[layout].form : undefined,
  queryClassName = layout ? LAYOUTS[layout].query : undefined,
  submitClassName,
  hidden = {},
  children,
}: {
  /** The list's translation prefix, e.g. `admin.members`. */
  keys: string;
  labelKey?: string;
  query: string;
  layout?: keyof typeof LAYOUTS;
  /** The form's own layout (grid or flex), where no `layout` fits. */
  className?: string;
  queryClassName?: string;
  submitClassName?: string;
  hidden?: Record<string, string | undefined>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form method="get" role="search" aria-label={t(labelKey)} className={className}>
      {Object.entries(hidden).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      <Field name="q" type="search" label={t(`${keys}.search`)} defaultValue={query} className={queryClassName} />
      {children}
      <Button type="submit" className={submitClassName}>
        {t(`${keys}.apply`)}
      </Button>
    </Form>
  );
}

/** A labelled select of a console search form; the form sends `name`, the list shows what is chosen. */
export function ConsoleSelect({
  id,
  label,
  name,
  value,
  options,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  options: ReadonlyArray<readonly [value: string, text: string]>;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={selectClass}>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
