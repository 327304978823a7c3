import { describe, expect, it } from "vitest";
import en from "~/locales/en/contact.json";
import { CONTACT_MAX } from "./contact-fields";
import { validateContact } from "./contact-schema";

const valid = { name: "Ada Lovelace", email: "ada@example.com", subject: "Consulting", message: "Hello, I would like to talk." };

/** The English text of a message key (the spec's words). */
function english(key: string) {
  return key
    .split(".")
    .slice(1)
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);
}

function errorsOf(values: Record<string, string>) {
  const result = validateContact(values);
  if (result.success) throw new Error("expected invalid");
  return { fields: Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [k, english(v!)])), first: english(result.firstError) };
}

describe("contact schema (spec §5)", () => {
  it("accepts a valid message and trims every field", () => {
    const result = validateContact({ name: "  Ada ", email: " ada@example.com ", subject: " Hi ", message: "  0123456789  " });
    expect(result).toEqual({ success: true, data: { name: "Ada", email: "ada@example.com", subject: "Hi", message: "0123456789" } });
  });

  it("reports the spec's messages, the first one in form order", () => {
    const { fields, first } = errorsOf({ name: "   ", email: "not-an-email", subject: " ", message: " short    " });
    expect(fields).toEqual({
      name: "Name is required",
      email: "Invalid email address",
      subject: "Subject is required",
      message: "Message must be at least 10 characters",
    });
    expect(first).toBe("Name is required");
    expect(errorsOf({ ...valid, subject: "" }).first).toBe("Subject is required");
  });

  it("counts the message length after trimming", () => {
    expect(errorsOf({ ...valid, message: "   123456789   " }).fields.message).toBe("Message must be at least 10 characters");
    expect(validateContact({ ...valid, message: "1234567890" }).success).toBe(true);
  });

  it("enforces the maxima with their own messages", () => {
    expect(validateContact({ ...valid, name: "n".repeat(CONTACT_MAX.name) }).success).toBe(true);
    expect(errorsOf({ ...valid, name: "n".repeat(101) }).fields.name).toBe("Name must be at most 100 characters");
    expect(errorsOf({ ...valid, email: `${"e".repeat(250)}@example.com` }).fields.email).toBe("Email must be at most 255 characters");
    expect(errorsOf({ ...valid, subject: "s".repeat(201) }).fields.subject).toBe("Subject must be at most 200 characters");
    expect(validateContact({ ...valid, message: "m".repeat(1000) }).success).toBe(true);
    expect(errorsOf({ ...valid, message: "m".repeat(1001) }).fields.message).toBe("Message must be at most 1000 characters");
  });

  it("treats missing or non-text fields as empty", () => {
    expect(errorsOf({}).fields).toMatchObject({ name: "Name is required", email: "Invalid email address" });
  });
});
