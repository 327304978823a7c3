import type { $ZodType } from "zod/v4/core";

/**
 * A form schema's limits as HTML attributes (required, minLength, maxLength), read from the zod
 * definitions themselves: the inputs carry exactly the rules the server enforces, typed once.
 * (Conform's getZodConstraint reads zod's `bag`, which this zod release no longer fills.)
 */
export interface FieldConstraint {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
}

interface Def {
  type: string;
  checks?: { _zod: { def: { check?: string; minimum?: number; maximum?: number } } }[];
  shape?: Record<string, $ZodType>;
  innerType?: $ZodType;
  in?: $ZodType;
  out?: $ZodType;
}

function defOf(schema: $ZodType) {
  return schema._zod.def as unknown as Def;
}

function collect(schema: $ZodType, constraint: FieldConstraint) {
  const def = defOf(schema);
  for (const check of def.checks ?? []) {
    const { check: kind, minimum, maximum } = check._zod.def;
    if (kind === "max_length" && maximum !== undefined) constraint.maxLength = Math.min(constraint.maxLength ?? maximum, maximum);
    if (kind === "min_length" && minimum !== undefined && minimum > 1) {
      constraint.minLength = Math.max(constraint.minLength ?? minimum, minimum);
    }
  }
  if (def.type === "optional" || def.type === "default") constraint.required = false;
  if (def.innerType) collect(def.innerType, constraint);
  if (def.type === "pipe") {
    if (def.in) collect(def.in, constraint);
    if (def.out) collect(def.out, constraint);
  }
  return constraint;
}

/** Field name → its limits, for an object schema (checks on the object itself add none). */
export function constraintOf(schema: $ZodType): Record<string, FieldConstraint> {
  const shape = defOf(schema).shape ?? {};
  return Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, collect(field, { required: true })]));
}
