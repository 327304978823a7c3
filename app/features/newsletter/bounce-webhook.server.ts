import * as z from "zod/mini";
import { NEWSLETTER_BOUNCE_KINDS } from "~/db/schema";
import { carriesBearerToken } from "~/lib/bearer-token.server";
import { getEnv } from "~/lib/env.server";
import { recordBounce } from "./bounces.server";

/**
 * The bounce webhook (ADR 0073): for providers that post bounces and complaints instead of mailing
 * delivery status notifications. `Authorization: Bearer <BOUNCE_WEBHOOK_TOKEN>` and a form
 * (`application/x-www-form-urlencoded`, the request guard's limits) naming one address:
 * `email`, `type` (hard, soft or complaint), optionally `status` (5.1.1), `detail` and `message_id`.
 * The same function as the bounce mailbox records it; the answer is JSON.
 */
const webhookSchema = z.object({
  email: z.email(),
  type: z.enum(NEWSLETTER_BOUNCE_KINDS),
  status: z.optional(z.string().check(z.regex(/^[245]\.\d{1,3}\.\d{1,3}$/))),
  detail: z.optional(z.string().check(z.maxLength(500))),
  message_id: z.optional(z.string().check(z.maxLength(300))),
});

const NO_STORE = { "Cache-Control": "no-store" };

export async function bounceWebhook(request: Request) {
  const token = getEnv().BOUNCE_WEBHOOK_TOKEN;
  // Without a token configured there is no webhook: the same answer as an unknown path.
  if (!token) return Response.json({ error: "Not found" }, { status: 404, headers: NO_STORE });
  if (!carriesBearerToken(request.headers.get("authorization"), token)) {
    return Response.json(
      { error: "Unauthorized" },
      { status: 401, headers: { ...NO_STORE, "WWW-Authenticate": 'Bearer realm="bounces"' } },
    );
  }
  const form = await request.formData().catch(() => undefined);
  const parsed = webhookSchema.safeParse(form ? Object.fromEntries([...form].filter(([, value]) => typeof value === "string")) : {});
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? "")))];
    return Response.json({ error: "Bad request", fields }, { status: 400, headers: NO_STORE });
  }
  const { email, type, status, detail, message_id: messageId } = parsed.data;
  const outcome = await recordBounce({ kind: type, source: "webhook", email, status, detail, messageId });
  return Response.json({ outcome }, { headers: NO_STORE });
}
