import { Send } from "lucide-react";
import { useCallback } from "react";
import { useTranslation } from "~/lib/use-translation";
import { useLoaderData } from "react-router";
import { loadOnce } from "~/lib/load-once";
import {
  IntentForm,
  showFormToast,
  SubmitButton,
  TextareaField,
  TextField,
  useHydrated,
  useIntentForm,
  type useSchemaForm,
} from "~/components/form";
import { preloadToaster } from "~/components/ui/toaster";
import { CONTACT_MAX, CONTACT_MESSAGE_MIN, firstContactError, HONEYPOT_FIELD, type ContactActionResult } from "./contact-fields";
import { ContactNotice } from "./contact-notice";
import type { contactSchema as ContactSchema } from "./contact-schema";

interface ContactLoaderData {
  subject: string;
  constraint: Parameters<typeof useSchemaForm>[0]["constraint"];
}

let contactSchema: typeof ContactSchema | undefined;
/** Offline, the route action validates; the next focus tries again. */
const loadRules = loadOnce(() => import("./contact-schema").then((module) => (contactSchema = module.contactSchema)));
const rules = () => contactSchema ?? loadRules();

/**
 * The message form (spec §2, §5). Every field's problem shows under it at once, and the spec's
 * 'Validation Error' toast names the first; after sending, a lasting 'Success' notice stays above
 * the emptied form. The rules (zod) load when the form is first used, not with the page: a
 * submission before they arrive is checked by the route action, which answers the same way.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const { subject, constraint } = useLoaderData() as ContactLoaderData;
  const isHydrated = useHydrated();

  function prepareForm() {
    preloadToaster();
    void loadRules().catch(() => {});
  }

  const onRefused = useCallback(
    (errors: Record<string, string[]>) => {
      const first = firstContactError(errors);
      if (first) showFormToast(t("contact.toast.validationTitle"), t(first), "error");
    },
    [t],
  );
  // With JavaScript the answer comes through the fetcher; without, the page is rendered with it.
  const kit = useIntentForm<ContactActionResult, typeof ContactSchema>("contact", {
    schema: rules,
    constraint,
    defaultValue: { subject },
    onRefused,
  });
  const { fields, answer, busy } = kit;

  return (
    <section aria-labelledby="contact-form-title" className="rounded-lg border border-border bg-card p-6 shadow-sm sm:p-8 lg:col-span-2">
      <h2 id="contact-form-title" className="text-2xl font-semibold">
        {t("contact.form.title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("contact.form.subtitle")}</p>

      {answer ? <ContactNotice result={answer} /> : null}

      <IntentForm
        kit={kit}
        action="/contact"
        onFocus={prepareForm}
        data-hydrated={isHydrated ? "true" : undefined}
        className="relative mt-6 grid gap-5 sm:grid-cols-2"
      >
        <TextField
          field={fields.name}
          id="contact-name"
          label={t("contact.form.name")}
          placeholder={t("contact.form.namePlaceholder")}
          autoComplete="name"
          className="[&_input]:h-11"
        />
        <TextField
          field={fields.email}
          id="contact-email"
          type="email"
          label={t("contact.form.email")}
          placeholder={t("contact.form.emailPlaceholder")}
          autoComplete="email"
          className="[&_input]:h-11"
        />
        <TextField
          field={fields.subject}
          id="contact-subject"
          label={t("contact.form.subject")}
          placeholder={t("contact.form.subjectPlaceholder")}
          className="sm:col-span-2 [&_input]:h-11"
        />
        <TextareaField
          field={fields.message}
          id="contact-message"
          rows={6}
          label={t("contact.form.message")}
          placeholder={t("contact.form.messagePlaceholder")}
          description={t("contact.form.messageHint", { min: CONTACT_MESSAGE_MIN, max: CONTACT_MAX.message })}
          className="sm:col-span-2"
        />
        {/* Honeypot: hidden from people and assistive technology, not focusable. */}
        <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
          <label htmlFor="contact-website">{t("contact.form.honeypot")}</label>
          <input id="contact-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div className="sm:col-span-2">
          <SubmitButton
            busy={busy}
            busyLabel={t("contact.form.sending")}
            size="lg"
            icon={<Send aria-hidden />}
            className="w-full sm:w-auto"
          >
            {t("contact.form.submit")}
          </SubmitButton>
        </div>
      </IntentForm>
    </section>
  );
}
