import type { ComponentProps } from "react";
import type { useIntentForm } from "./use-intent-form";
import { getFormProps } from "./field-props";
import { HydratedInput } from "./hydrated-input";

/**
 * The <form> of `useIntentForm`: posts through its fetcher with the `intent` field, the js=1 marker
 * once React runs, and Conform's id/onSubmit/noValidate.
 */
export function IntentForm({
  kit,
  children,
  ...props
}: Omit<ComponentProps<"form">, "method" | "onSubmit" | "id" | "noValidate" | "encType" | "action"> & {
  action?: string;
  kit: Pick<ReturnType<typeof useIntentForm>, "fetcher" | "form" | "intent">;
}) {
  const { fetcher, form, intent } = kit;
  return (
    <fetcher.Form method="post" {...getFormProps(form)} {...props}>
      <input type="hidden" name="intent" value={intent} />
      <HydratedInput />
      {children}
    </fetcher.Form>
  );
}
