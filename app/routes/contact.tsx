import {
  data,
  type ActionFunctionArgs,
  type ClientActionFunctionArgs,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { constraintOf } from "~/lib/form-constraint";
import { ContactPage } from "~/features/contact/contact-page";
import { CONTACT_MAX, contactFailure, type ContactActionResult } from "~/features/contact/contact-fields";
import { contactSchema } from "~/features/contact/contact-schema";
import { submitContact } from "~/features/contact/contact.server";
import { readForm } from "~/lib/form-action.server";
import { languageFromRequest } from "~/lib/i18n.server";
import { loadPageMeta } from "~/lib/page-meta.server";
import { metaFromLoader } from "~/lib/seo";
import { HYDRATE_ON_USE } from "~/lib/document-page";
import { CONTENT_CACHE, type Page } from "~/lib/page";

export const meta = metaFromLoader;
// Translation namespaces the browser loads for this page (app/lib/i18n.ts).
// Hydrated when the visitor first turns to the form (ADR 0032): reading the address needs no React.
export const handle = { i18n: ["contact"], ...HYDRATE_ON_USE };
export const page = { sitemap: true, cache: CONTENT_CACHE } satisfies Page;

export async function loader({ request }: LoaderFunctionArgs) {
  // `/contact?subject=...` (links from the consulting page) pre-fills the subject.
  const subject = (new URL(request.url).searchParams.get("subject") ?? "").slice(0, CONTACT_MAX.subject);
  // The schema's limits as input attributes, without sending the schema (zod) with the page.
  return { meta: await loadPageMeta(request, "contact.meta"), subject, constraint: constraintOf(contactSchema) };
}

const STATUS = { success: 200, invalid: 400, "rate-limited": 429, error: 500 } as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const result = await submitContact(await readForm(request), {
    clientIp: context.clientIp ?? "unknown",
    language: languageFromRequest(request),
  });
  return data(result, { status: STATUS[result.status] });
}

/** With JavaScript: a failed request (network, server) becomes the form's 'Error' toast. */
export async function clientAction({ serverAction }: ClientActionFunctionArgs): Promise<ContactActionResult> {
  try {
    return (await serverAction()) as ContactActionResult;
  } catch {
    // The fields keep what the person typed.
    return contactFailure();
  }
}

/** Sending a message changes nothing the page loaded. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}

export default function ContactRoute() {
  return <ContactPage />;
}
