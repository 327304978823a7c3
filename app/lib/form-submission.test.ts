import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { doneAnswer, failedAnswer, invalidAnswer, parseForm } from "./form-submission";
import { constraintOf } from "./form-constraint";
import { emailField, newPasswordField, requiredCheckboxField } from "./field-schemas";

const schema = z.object({
  email: emailField({ invalid: "t.errors.email", tooLong: "t.errors.emailMax" }),
  password: newPasswordField({ tooShort: "t.errors.short", tooLong: "t.errors.long" }),
  terms: requiredCheckboxField("t.errors.terms"),
});

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
}

describe("parseForm and the answers", () => {
  it("reports every field's problem at once, as translation keys", () => {
    const submission = parseForm(form({ email: "nope", password: "short" }), schema);
    expect(submission.status).toBe("error");
    const answer = invalidAnswer("signup", submission);
    expect(answer.result.error).toEqual({ email: ["t.errors.email"], password: ["t.errors.short"], terms: ["t.errors.terms"] });
    expect(answer.error).toBe("t.errors.email");
  });

  it("never sends a password back, keeps the other values", () => {
    const answer = invalidAnswer("signup", parseForm(form({ email: "a@b.co", password: "short" }), schema));
    expect(answer.result.initialValue).toEqual({ email: "a@b.co" });
  });

  it("shows zod's own words for a forged request as one neutral key", () => {
    const answer = invalidAnswer("signup", parseForm(new FormData(), schema));
    expect(answer.result.error?.email).toEqual(["common.form.invalid"]);
  });

  it("reads a request with garbage in Conform's own fields instead of failing", () => {
    const submission = parseForm(form({ __intent__: "{not json", email: "a@b.co", password: "long-enough", terms: "on" }), schema);
    expect(submission.status).toBe("success");
  });

  it("a refusal puts the form's problem first, a success empties the form", () => {
    const submission = parseForm(form({ email: "a@b.co", password: "long-enough", terms: "on" }), schema);
    const refused = failedAnswer("login", submission, { title: "t.title", fields: { password: "t.errors.wrong" } });
    expect(refused).toMatchObject({ ok: false, title: "t.title", error: "t.errors.wrong" });
    expect(refused.result.error).toMatchObject({ "": ["t.title"], password: ["t.errors.wrong"] });
    const done = doneAnswer("login", submission, { toast: { tone: "success", title: "t.done" } });
    expect(done).toMatchObject({ ok: true, message: "t.done", result: { initialValue: null } });
  });

  it("gives the schema's limits as input attributes", () => {
    expect(constraintOf(schema)).toEqual({
      email: { required: true, maxLength: 255 },
      password: { required: true, minLength: 8, maxLength: 128 },
      terms: { required: false },
    });
  });
});
