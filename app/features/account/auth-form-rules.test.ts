import { describe, expect, it } from "vitest";
import { constraintOf } from "~/lib/form-constraint";
import { AUTH_CONSTRAINTS } from "./auth-form-rules";
import * as schemas from "./schemas";

describe("the /auth forms' limits written out for the first render", () => {
  it.each(Object.keys(AUTH_CONSTRAINTS) as (keyof typeof AUTH_CONSTRAINTS)[])("%s: exactly what the schema gives", (name) => {
    expect(AUTH_CONSTRAINTS[name]).toEqual(constraintOf(schemas[name]));
  });
});
