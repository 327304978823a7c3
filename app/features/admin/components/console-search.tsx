import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, selectClass } from "./field";

/**
 * The search and filter form of a console list (media, members, inbox, audit, launches, newsletter):
 * a GET form (it changes nothing, and works without JavaScript: the browser sends it as a link), the
 * text field `q` first with the query kept, the list's own filters after it, then the button.
 * `hidden` keeps what the form does not show (the tab a list is on). Labels come translated.
 */
export function ConsoleSearch({
  label,
  queryLabel,
  query,
  submitLabel,
  className,
  queryClassName,
  submitClassName,
  hidden = {},
  children,
}: {
  /** The form's accessible name (it is a search landmark). */
  label: string;
  queryLabel: string;
  query: string;
  submitLabel: string;
  /** The form's layout (grid or flex), per list. */
  className: string;
  queryClassName?: string;
  submitClassName?: string;
  hidden?: Record<string, string | undefined>;
  children?: ReactNode;
}) {
  return (
    <Form method="get" role="search" aria-label={label} className={className}>
      {Object.entries(hidden).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      <Field name="q" type="search" label={queryLabel} defaultValue={query} className={queryClassName} />
      {children}
      <Button type="submit" className={submitClassName}>
        {submitLabel}
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
