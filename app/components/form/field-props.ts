import type { FieldMetadata, FormMetadata } from "@conform-to/react";

/**
 * Conform's prop helpers (@conform-to/react 1.21 dist/helpers.mjs: getFormProps, getInputProps,
 * getSelectProps, getTextareaProps) for the options the kit uses, written out: the same props in the
 * same order (so the same markup), without the package's helpers module and its Babel helpers on
 * every page with a form (ADR 0035, 0053). field-props.test.tsx compares them with Conform's.
 */
type Meta = Pick<
  FieldMetadata<unknown, Record<string, unknown>, string[]>,
  "id" | "name" | "formId" | "errorId" | "errors" | "initialValue"
> &
  Partial<
    Pick<
      FieldMetadata<unknown, Record<string, unknown>, string[]>,
      "required" | "minLength" | "maxLength" | "min" | "max" | "step" | "pattern" | "multiple" | "accept"
    >
  >;
interface AriaOptions {
  ariaDescribedBy?: string;
}

/** Drops the props that are undefined, as Conform's `simplify`. */
function simplify<Props extends Record<string, unknown>>(props: Props): Props {
  for (const key in props) if (props[key] === undefined) delete props[key];
  return props;
}

function ariaOf(metadata: { errorId: string; errors?: unknown }, options: AriaOptions, field: boolean) {
  const invalid = typeof metadata.errors !== "undefined";
  return simplify({
    "aria-invalid": (field && invalid) || undefined,
    "aria-describedby": invalid ? `${metadata.errorId} ${options.ariaDescribedBy ?? ""}`.trim() : options.ariaDescribedBy,
  });
}

function controlOf(metadata: Meta, options: AriaOptions) {
  return simplify({
    key: undefined as string | undefined,
    required: metadata.required || undefined,
    id: metadata.id,
    name: metadata.name,
    form: metadata.formId,
    ...ariaOf(metadata, options, true),
  });
}

export function getFormProps(
  metadata: Pick<FormMetadata<Record<string, unknown>, string[]>, "id" | "errorId" | "errors" | "onSubmit" | "noValidate">,
) {
  return simplify({ id: metadata.id, onSubmit: metadata.onSubmit, noValidate: metadata.noValidate, ...ariaOf(metadata, {}, false) });
}

export function getInputProps(metadata: Meta, options: AriaOptions & { type: string }) {
  const props: Record<string, unknown> = {
    ...controlOf(metadata, options),
    type: options.type,
    minLength: metadata.minLength,
    maxLength: metadata.maxLength,
    min: metadata.min,
    max: metadata.max,
    step: metadata.step,
    pattern: metadata.pattern,
    multiple: metadata.multiple,
    accept: metadata.accept,
  };
  if (options.type === "checkbox" || options.type === "radio") {
    props.value = "on";
    props.defaultChecked = Array.isArray(metadata.initialValue)
      ? metadata.initialValue.includes(undefined)
      : metadata.initialValue === "on";
  } else if (typeof metadata.initialValue === "string") {
    props.defaultValue = metadata.initialValue;
  }
  return simplify(props) as { key?: string } & Record<string, unknown>;
}

export function getSelectProps(metadata: Meta, options: AriaOptions = {}) {
  const props: Record<string, unknown> = { ...controlOf(metadata, options), multiple: metadata.multiple };
  const initial = metadata.initialValue as unknown;
  props.defaultValue = Array.isArray(initial)
    ? initial.map((item) => `${item ?? ""}`)
    : (initial as { toString(): string } | undefined)?.toString();
  return simplify(props) as { key?: string } & Record<string, unknown>;
}

export function getTextareaProps(metadata: Meta, options: AriaOptions = {}) {
  const props: Record<string, unknown> = { ...controlOf(metadata, options), minLength: metadata.minLength, maxLength: metadata.maxLength };
  props.defaultValue = (metadata.initialValue as { toString(): string } | undefined)?.toString();
  return simplify(props) as { key?: string } & Record<string, unknown>;
}
