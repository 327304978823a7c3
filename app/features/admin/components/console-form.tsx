import { Fragment, type ReactNode } from "react";
import { buttonSchema, targetSchema } from "../schemas/console-schemas";
import { useTranslation } from "~/lib/use-translation";
import { useActionData, useFetcher } from "react-router";
import { FormError, IntentForm, SubmitButton, useFormAnswer, useSchemaForm } from "~/components/form";
import type { KitSchema } from "~/components/form/use-schema-form";
import type { ButtonProps } from "~/components/ui/button";
import type { FormAnswer } from "~/lib/form-submission";
import { cn } from "~/lib/utils";

/**
 * The console's forms on the form kit (ADR 0016): `useIntentForm` with a fetcher of its own per
 * form, so that forms repeated on one page (a row's rename, merge, delete) each get only their own
 * answer: `target` (the row's id) names the fetcher and filters the answer of a post made without
 * JavaScript. `intents` lists every intent the form posts (a bulk form's buttons).
 */
export type ConsoleAnswer = FormAnswer<{ target?: string }>;

/** A console form's fetcher: its intent, and the row's id when the form repeats on one page. */
const fetcherKeyOf = (intent: string, target?: string) => (target ? `${intent}-${target}` : intent);

/**
 * A console form made anew when `version` changes (an editor keyed by its draft's time, so it starts from
 * what the server holds). The form unmounts its fetcher in the render that brings its answer, and React
 * Router drops the data of a fetcher no mounted component holds ("Published: …" would show for a moment
 * and vanish): this component holds the same fetcher, so the answer outlives the form.
 */
export function FormMadeAnew({
  intent,
  target,
  version,
  children,
}: {
  intent: string;
  target?: string;
  version: string;
  children: ReactNode;
}) {
  useFetcher<ConsoleAnswer>({ key: fetcherKeyOf(intent, target) });
  return <Fragment key={`${target ?? ""}-${version}`}>{children}</Fragment>;
}

export function useConsoleForm<S extends KitSchema>(
  intent: string,
  options: {
    schema: S;
    target?: string;
    intents?: string[];
    defaultValue?: Record<string, unknown>;
    onSuccess?: (answer: ConsoleAnswer) => void;
  },
) {
  const key = fetcherKeyOf(intent, options.target);
  const fetcher = useFetcher<ConsoleAnswer>({ key });
  const actionData = useActionData() as ConsoleAnswer | undefined;
  const intents = options.intents ?? [intent];
  const fromPost = actionData && intents.includes(actionData.intent) && actionData.target === options.target ? actionData : undefined;
  const answer = fetcher.data ?? fromPost;
  const [form, fields] = useSchemaForm({ id: key, schema: options.schema, answer, defaultValue: options.defaultValue });
  useFormAnswer(answer, options.onSuccess);
  return { intent, fetcher, form, fields, answer, busy: fetcher.state !== "idle" };
}

/** What the last post of a form did, next to it: its success message, or the form's own problem. */
export function FormOutcome({ kit, className }: { kit: ReturnType<typeof useConsoleForm>; className?: string }) {
  const { t } = useTranslation();
  const { answer, form } = kit;
  if (answer?.ok && answer.message) {
    return (
      <p role="status" className={cn("rounded-md border border-primary/50 bg-primary/10 px-3 py-2 text-sm text-foreground", className)}>
        {t(answer.message)}
      </p>
    );
  }
  return <FormError form={form} className={className} />;
}

/**
 * A button that posts one intent (a row's delete, "sign out everywhere"): the browser asks first
 * when `confirm` is given; hidden `fields` name the entry. Its answer is shown under it.
 */
export function ActionButton({
  intent,
  schema = buttonSchema,
  label,
  busyLabel,
  confirm,
  fields = {},
  target,
  variant = "outline",
  icon,
}: {
  intent: string;
  /** The form's schema; none for a button acting on the page's own entry (the URL names it). */
  schema?: KitSchema;
  label: ReactNode;
  busyLabel?: string;
  confirm?: string;
  fields?: Record<string, string>;
  target?: string;
  variant?: ButtonProps["variant"];
  icon?: ReactNode;
}) {
  const { t } = useTranslation();
  const kit = useConsoleForm(intent, { schema, target });
  return (
    <IntentForm
      kit={kit}
      className="grid gap-1"
      onSubmitCapture={(event) => {
        if (confirm && !window.confirm(confirm)) {
          event.preventDefault();
          event.stopPropagation();
        }
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton busy={kit.busy} busyLabel={busyLabel ?? t("admin.actions.working")} variant={variant} size="sm" icon={icon}>
        {label}
      </SubmitButton>
      <FormOutcome kit={kit} className="max-w-xs" />
    </IntentForm>
  );
}

/** "Delete" of one row of a list (a hidden `id` names it): asks first; only that row shows the answer. */
export function DeleteRowButton({
  id,
  label,
  confirm,
  busyLabel,
  icon,
}: {
  id: string;
  label: ReactNode;
  confirm: string;
  busyLabel?: string;
  icon?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ActionButton
      intent="delete"
      schema={targetSchema}
      target={id}
      fields={{ id }}
      variant="destructive"
      icon={icon}
      label={label}
      busyLabel={busyLabel ?? t("admin.actions.deleting")}
      confirm={confirm}
    />
  );
}

/** "Delete" of the page's own entry (the URL names it): asks first; the action then leaves the page. */
export function DeleteButton({ label, confirm }: { label: string; confirm: string }) {
  const { t } = useTranslation();
  return <ActionButton intent="delete" variant="destructive" label={label} busyLabel={t("admin.actions.deleting")} confirm={confirm} />;
}
