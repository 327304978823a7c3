import { CheckCircle2, Loader2, Mail, MapPin, Phone, Send, TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useActionData, useFetcher, useLoaderData } from "react-router";
import { preloadToaster, toast } from "~/components/ui/toaster";
import { Button } from "~/components/ui/button";
import { telHref, useSiteFacts } from "~/lib/site-facts";
import {
  CONTACT_FIELDS,
  CONTACT_MAX,
  HONEYPOT_FIELD,
  type ContactActionResult,
  type ContactErrors,
  type ContactField,
} from "./contact-fields";
import type { validateContact } from "./contact-schema";

interface ContactLoaderData {
  subject: string;
}

const EMPTY: Record<ContactField, string> = { name: "", email: "", subject: "", message: "" };

export function ContactPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-20">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
          {t("contact.heading.titleStart")} <span className="text-gradient">{t("contact.heading.titleHighlight")}</span>
        </h1>
        <p className="mt-4 text-lg text-muted-foreground">{t("contact.heading.subtitle")}</p>
      </header>
      <div className="mt-12 grid gap-8 lg:grid-cols-3">
        <ContactForm />
        <ContactInformation />
      </div>
    </div>
  );
}

function ContactForm() {
  const { t } = useTranslation();
  const loaderData = useLoaderData() as ContactLoaderData;
  // A submission without JavaScript re-renders the page with the action's answer.
  const documentResult = useActionData() as ContactActionResult | undefined;
  const fetcher = useFetcher<ContactActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<ContactErrors>(
    documentResult?.status === "invalid" ? documentResult.errors : {},
  );
  const isSending = fetcher.state !== "idle";
  // Tells tests (and nobody else) that submissions now go through JavaScript.
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => setIsHydrated(true), []);

  const defaults =
    documentResult && documentResult.status !== "success"
      ? documentResult.values
      : documentResult?.status === "success"
        ? EMPTY
        : { ...EMPTY, subject: loaderData.subject };

  function focusFirstInvalid(fieldErrors: ContactErrors) {
    const first = CONTACT_FIELDS.find((field) => fieldErrors[field]);
    if (first) (formRef.current?.elements.namedItem(first) as HTMLElement | null)?.focus();
  }

  // The rules (zod) and the toaster load when the form is first used, not with the page. A
  // submission before they arrive is checked by the route action, which answers the same way.
  const validate = useRef<typeof validateContact | undefined>(undefined);
  function prepareForm() {
    preloadToaster();
    if (validate.current) return;
    import("./contact-schema").then(
      (schema) => (validate.current = schema.validateContact),
      () => {}, // offline: the route action validates
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const validation = validate.current?.(values);
    if (validation && !validation.success) {
      event.preventDefault();
      setErrors(validation.errors);
      toast.error(t("contact.toast.validationTitle"), { description: t(validation.firstError) });
      focusFirstInvalid(validation.errors);
      return;
    }
    setErrors({});
    // Valid: fetcher.Form sends it to the route action, which validates again.
  }

  const handled = useRef<ContactActionResult | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== "idle" || handled.current === result) return;
    handled.current = result;
    switch (result.status) {
      case "success": {
        toast.success(t("contact.toast.successTitle"), { description: t("contact.toast.successDescription") });
        const form = formRef.current;
        for (const field of CONTACT_FIELDS) {
          const element = form?.elements.namedItem(field) as HTMLInputElement | HTMLTextAreaElement | null;
          if (element) element.value = "";
        }
        setErrors({});
        break;
      }
      case "invalid":
        setErrors(result.errors);
        toast.error(t("contact.toast.validationTitle"), { description: t(result.firstError) });
        focusFirstInvalid(result.errors);
        break;
      case "rate-limited":
        toast.error(t("contact.toast.rateLimitedTitle"), {
          description: t("contact.toast.rateLimitedDescription", { count: result.retryAfterMin }),
        });
        break;
      default:
        toast.error(t("contact.toast.errorTitle"), { description: t("contact.toast.errorDescription") });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data, fetcher.state]);

  function clearError(field: ContactField) {
    if (errors[field]) setErrors(({ [field]: _removed, ...rest }) => rest);
  }

  return (
    <section
      aria-labelledby="contact-form-title"
      className="rounded-lg border border-border bg-card p-6 shadow-sm sm:p-8 lg:col-span-2"
    >
      <h2 id="contact-form-title" className="text-2xl font-semibold">
        {t("contact.form.title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("contact.form.subtitle")}</p>

      {documentResult ? <DocumentNotice result={documentResult} /> : null}

      <fetcher.Form
        ref={formRef}
        method="post"
        action="/contact"
        noValidate
        onSubmit={handleSubmit}
        onFocus={prepareForm}
        data-hydrated={isHydrated ? "true" : undefined}
        className="relative mt-6 grid gap-5 sm:grid-cols-2"
      >
        <TextField
          field="name"
          label={t("contact.form.name")}
          placeholder={t("contact.form.namePlaceholder")}
          autoComplete="name"
          defaultValue={defaults.name}
          error={errors.name}
          onInput={() => clearError("name")}
        />
        <TextField
          field="email"
          type="email"
          label={t("contact.form.email")}
          placeholder={t("contact.form.emailPlaceholder")}
          autoComplete="email"
          defaultValue={defaults.email}
          error={errors.email}
          onInput={() => clearError("email")}
        />
        <TextField
          field="subject"
          label={t("contact.form.subject")}
          placeholder={t("contact.form.subjectPlaceholder")}
          defaultValue={defaults.subject}
          error={errors.subject}
          onInput={() => clearError("subject")}
          className="sm:col-span-2"
        />
        <div className="grid gap-2 sm:col-span-2">
          <label htmlFor="contact-message" className="text-sm font-medium">
            {t("contact.form.message")}
          </label>
          <textarea
            id="contact-message"
            name="message"
            rows={6}
            maxLength={CONTACT_MAX.message}
            placeholder={t("contact.form.messagePlaceholder")}
            defaultValue={defaults.message}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? "contact-message-error" : "contact-message-hint"}
            onInput={() => clearError("message")}
            className={inputClass(Boolean(errors.message), "min-h-36 resize-y py-2")}
          />
          {errors.message ? (
            <FieldError id="contact-message-error" message={t(errors.message)} />
          ) : (
            <p id="contact-message-hint" className="text-xs text-muted-foreground">
              {t("contact.form.messageHint", { min: 10, max: CONTACT_MAX.message })}
            </p>
          )}
        </div>
        {/* Honeypot: hidden from people and assistive technology, not focusable. */}
        <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
          <label htmlFor="contact-website">{t("contact.form.honeypot")}</label>
          <input id="contact-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" disabled={isSending} className="w-full sm:w-auto">
            {isSending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Send aria-hidden="true" />
            )}
            {isSending ? t("contact.form.sending") : t("contact.form.submit")}
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}

function inputClass(invalid: boolean, extra = "") {
  return `w-full rounded-md border bg-background px-3 text-base text-foreground placeholder:text-muted-foreground/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring ${
    invalid ? "border-destructive" : "border-input"
  } ${extra}`;
}

function TextField({
  field,
  label,
  error,
  className = "",
  type = "text",
  ...props
}: {
  field: Exclude<ContactField, "message">;
  label: string;
  error?: string;
  className?: string;
  type?: string;
  placeholder: string;
  autoComplete?: string;
  defaultValue: string;
  onInput: () => void;
}) {
  const { t } = useTranslation();
  const id = `contact-${field}`;
  return (
    <div className={`grid content-start gap-2 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={field}
        type={type}
        maxLength={CONTACT_MAX[field]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass(Boolean(error), "h-11")}
        {...props}
      />
      {error ? <FieldError id={`${id}-error`} message={t(error)} /> : null}
    </div>
  );
}

function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  );
}

/** The answer to a submission made without JavaScript (with JavaScript, toasts say the same). */
function DocumentNotice({ result }: { result: ContactActionResult }) {
  const { t } = useTranslation();
  if (result.status === "success") {
    return (
      <div role="status" className="mt-6 flex gap-3 rounded-md border border-accent/40 bg-accent/10 p-4 text-sm">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
        <div>
          <p className="font-semibold">{t("contact.toast.successTitle")}</p>
          <p className="text-muted-foreground">{t("contact.toast.successDescription")}</p>
        </div>
      </div>
    );
  }
  const [title, description] =
    result.status === "invalid"
      ? [t("contact.toast.validationTitle"), t(result.firstError)]
      : result.status === "rate-limited"
        ? [t("contact.toast.rateLimitedTitle"), t("contact.toast.rateLimitedDescription", { count: result.retryAfterMin })]
        : [t("contact.toast.errorTitle"), t("contact.toast.errorDescription")];
  return (
    <div role="alert" className="mt-6 flex gap-3 rounded-md border border-destructive/50 bg-destructive/10 p-4 text-sm">
      <TriangleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-muted-foreground">{description}</p>
      </div>
    </div>
  );
}

function ContactInformation() {
  const { t, i18n } = useTranslation();
  const siteConfig = useSiteFacts();
  const { address, phone, email } = siteConfig;
  const countryKey = `contact.info.country.${address.country}`;
  return (
    <aside aria-labelledby="contact-info-title" className="h-fit rounded-lg border border-border bg-card p-6 sm:p-8">
      <h2 id="contact-info-title" className="text-2xl font-semibold">
        {t("contact.info.title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("contact.info.subtitle")}</p>
      <ul className="mt-6 grid gap-6">
        <li className="flex gap-4">
          <MapPin className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div>
            <h3 className="text-sm font-medium">{t("contact.info.address")}</h3>
            <div className="mt-1 text-sm text-muted-foreground">
              <address className="not-italic">
                {siteConfig.name}
                <br />
                {address.street ? (
                  <>
                    {address.street}
                    <br />
                  </>
                ) : null}
                {address.postalCode} {address.city}
                <br />
                {i18n.exists(countryKey) ? t(countryKey) : address.country}
              </address>
            </div>
          </div>
        </li>
        {phone ? (
        <li className="flex gap-4">
          <Phone className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="min-w-0">
            <h3 className="text-sm font-medium">{t("contact.info.phone")}</h3>
            <div className="mt-1 text-sm">
              <a href={telHref(phone)} className="text-muted-foreground hover:text-foreground">
                {phone}
              </a>
            </div>
          </div>
        </li>
        ) : null}
        {email ? (
        <li className="flex gap-4">
          <Mail className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="min-w-0">
            <h3 className="text-sm font-medium">{t("contact.info.email")}</h3>
            <div className="mt-1 break-all text-sm">
              <a href={`mailto:${email}`} className="text-muted-foreground hover:text-foreground">
                {email}
              </a>
            </div>
          </div>
        </li>
        ) : null}
      </ul>
    </aside>
  );
}
