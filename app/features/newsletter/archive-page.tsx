import { Link } from "react-router";
import { RichTextBlocks, type RichTextImages } from "~/components/content/rich-text";
import { LANGUAGE_LOCALES, type Language } from "~/lib/i18n";
import { useInterfaceLang } from "~/components/layout/content-language";
import { useTranslation } from "~/lib/use-translation";
import type { ArchivedIssue } from "./archive.server";

/** One sent newsletter issue as a web page (`/newsletter/<slug>`, ADR 0067): its subject, when it was sent, its body. */
export function ArchivedIssuePage({ issue, images, language }: { issue: ArchivedIssue; images: RichTextImages; language: Language }) {
  const { t } = useTranslation();
  // Shown in another language than the visitor's, the issue is marked with its own (root layout); these words are the visitor's.
  const interfaceLang = useInterfaceLang();
  const sent = new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], { dateStyle: "long", timeZone: "Europe/Berlin" }).format(
    new Date(issue.sentAt),
  );
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6" data-testid="newsletter-issue">
      <p lang={interfaceLang} className="mb-4 text-sm">
        <Link
          to={language === "en" ? "/news" : `/news?lang=${language}`}
          className="inline-flex min-h-11 items-center text-primary underline underline-offset-2"
        >
          {t("newsletter.archive.back")}
        </Link>
      </p>
      <p lang={interfaceLang} className="text-sm font-medium uppercase tracking-wide text-muted-foreground">
        {t("newsletter.archive.label")}
      </p>
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{issue.subject}</h1>
      <p lang={interfaceLang} className="mt-3 text-sm text-muted-foreground">
        <time dateTime={issue.sentAt}>{t("newsletter.archive.sentOn", { date: sent })}</time>
      </p>
      {issue.preheader ? <p className="mt-6 text-lg text-muted-foreground">{issue.preheader}</p> : null}
      <div className="mt-6 space-y-4 leading-relaxed">
        <RichTextBlocks doc={issue.body} images={images} />
      </div>
    </article>
  );
}
