// zod/mini: the same rules in the browser (loaded when the form is first used) and on the server.
import * as z from "zod/mini";
import { emailField } from "~/lib/field-schemas";
import { isUuid } from "~/lib/uuid";
import { LAUNCH_TOPICS } from "./launch-topics";

/** "Tell me when it opens": one address for one launch. Messages are translation keys (notify.*). */
export const notifySchema = z.object({
  email: emailField({ invalid: "notify.invalid", tooLong: "notify.invalid", required: "notify.invalid" }),
  topic: z.enum(LAUNCH_TOPICS, "notify.invalid"),
});

export type NotifyInput = z.infer<typeof notifySchema>;

/** The removal link's button: the entry id and the link's signature, checked on the server (launch-removal.server.ts). */
export const removeSchema = z.object({
  remove: z.string("notify.remove.invalid").check(z.refine(isUuid, "notify.remove.invalid")),
  s: z.string("notify.remove.invalid").check(z.maxLength(100, "notify.remove.invalid")),
});

/** The confirmation link's button: the link's token, checked on the server (launch-notify.server.ts). */
export const confirmSchema = z.object({
  token: z.string("notify.invalidLink.description").check(z.regex(/^[A-Za-z0-9_-]{1,100}$/, "notify.invalidLink.description")),
});
