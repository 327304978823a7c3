import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { bounceWebhook } from "~/features/newsletter/bounce-webhook.server";

/** POST /api/newsletter/bounces: a mail provider reports a bounce or complaint (ADR 0073). */
export async function action({ request }: ActionFunctionArgs) {
  return bounceWebhook(request);
}

/** GET is not the webhook: it is a POST with the bearer token. */
export function loader(_args: LoaderFunctionArgs) {
  return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
