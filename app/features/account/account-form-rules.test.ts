import { describe, expect, it } from "vitest";
import { constraintOf } from "~/lib/form-constraint";
import { ACCOUNT_CONSTRAINTS } from "./account-form-rules";
import * as schemas from "./schemas";

describe("the account forms' limits written out for the first render", () => {
  it.each(Object.keys(ACCOUNT_CONSTRAINTS) as (keyof typeof ACCOUNT_CONSTRAINTS)[])("%s: exactly what the schema gives", (name) => {
    expect(ACCOUNT_CONSTRAINTS[name]).toEqual(constraintOf(schemas[name]));
  });
});
