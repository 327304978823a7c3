import * as conform from "@conform-to/react";
import { useForm, type SubmissionResult } from "@conform-to/react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "./field-props";

/** The kit's prop helpers give what Conform's give, prop for prop and in the same order (the markup's attribute order). */
const lastResult = {
  status: "error",
  initialValue: { name: "Ada", kind: "b", list: ["x", "y"], on: "on", text: "hello" },
  error: { name: ["common.form.invalid"], "": ["auth.errors.title"], on: ["auth.errors.acceptTerms"] },
} as SubmissionResult<string[]>;
const constraint = {
  name: { required: true, minLength: 3, maxLength: 50, pattern: "[a-z]+" },
  kind: { required: true },
  text: { maxLength: 9 },
};

function collect(withResult: boolean) {
  const seen: unknown[] = [];
  function Probe() {
    const [form, fields] = useForm<Record<string, unknown>>({ id: "f", lastResult: withResult ? lastResult : undefined, constraint });
    for (const name of ["name", "kind", "list", "on", "text", "missing"]) {
      const field = fields[name]!;
      for (const ariaDescribedBy of [undefined, "f-name-description"]) {
        for (const type of ["text", "email", "password", "checkbox"] as const) {
          seen.push([
            Object.entries(getInputProps(field, { type, ariaDescribedBy })),
            Object.entries(conform.getInputProps(field, { type, ariaDescribedBy } as Parameters<typeof conform.getInputProps>[1])),
          ]);
        }
        seen.push([
          Object.entries(getTextareaProps(field, { ariaDescribedBy })),
          Object.entries(conform.getTextareaProps(field, { ariaDescribedBy })),
        ]);
      }
      seen.push([Object.entries(getSelectProps(field)), Object.entries(conform.getSelectProps(field))]);
    }
    seen.push([Object.entries(getFormProps(form)), Object.entries(conform.getFormProps(form))]);
    return null;
  }
  renderToStaticMarkup(<Probe />);
  return seen as [unknown, unknown][];
}

describe("the form kit's prop helpers", () => {
  it.each([false, true])("equal Conform's (with an answer: %s)", (withResult) => {
    const pairs = collect(withResult);
    expect(pairs.length).toBeGreaterThan(50);
    for (const [ours, theirs] of pairs) expect(ours).toEqual(theirs);
  });
});
