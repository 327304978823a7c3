import { redirect } from "react-router";
import { dnsRecords } from "~/features/newsletter/dns-records.server";
import { listNewsPosts } from "~/features/news/news-console.server";
import { handleForm, runConsoleIntent, type Outcome } from "./action.server";
import type { ConsoleActor } from "./guard.server";
import { buttonSchema } from "./schemas/console-schemas";
import { LANGUAGES, type Language } from "~/lib/i18n";
import type { IntentContext } from "~/lib/form-action.server";
import {
  cancelSend,
  listIssues,
  loadIssue,
  removeVersion,
  renderVersion,
  retryFailed,
  saveAudience,
  saveVersion,
  scheduleSend,
  sendTest,
} from "./newsletter-issues.server";
import { createIssue } from "./newsletter-issue-create.server";
import {
  audienceSchema,
  createIssueSchema,
  languageSchema,
  sendSchema,
  versionSchema,
  welcomeSchema,
} from "./schemas/newsletter-issue-schema";
import { setWelcome } from "~/features/newsletter/welcome.server";

/** /admin/newsletter/issues and /admin/newsletter/issues/:id: what the routes load and the intents they run. */
export async function loadIssueList() {
  return { issues: await listIssues(), dns: dnsRecords(), posts: await postChoices() };
}

/** The news posts an issue can start from: each by its English title, else its first language's. */
async function postChoices() {
  return (await listNewsPosts())
    .map((post) => ({
      id: post.id,
      title: (post.languages.en.title || LANGUAGES.map((language) => post.languages[language].title).find(Boolean)) ?? "",
    }))
    .filter((post) => post.title);
}

export function issueLanguage(request: Request): Language {
  const value = new URL(request.url).searchParams.get("language");
  return (LANGUAGES as readonly string[]).includes(value ?? "") ? (value as Language) : "en";
}

export async function loadIssueEditor(id: string, language: Language) {
  const issue = await loadIssue(id);
  if (!issue) return undefined;
  const preview = await renderVersion(id, language);
  return { issue, language, preview: preview ?? null };
}

export function issueListAction(request: Request, actor: ConsoleActor) {
  return runConsoleIntent(request, actor, {
    create: async (context) => {
      let created: string | undefined;
      const response = await handleForm(context, createIssueSchema, async ({ slug, postId }) => {
        const outcome = await createIssue(actor, slug, postId);
        created = outcome.ok ? outcome.id : undefined;
        return outcome;
      });
      return created ? redirect(`/admin/newsletter/issues/${created}`) : response;
    },
  });
}

export function issueAction(request: Request, actor: ConsoleActor, id: string) {
  const run = (work: () => Promise<Outcome>) => (context: IntentContext) => handleForm(context, buttonSchema, work);
  return runConsoleIntent(request, actor, {
    save: (context) => handleForm(context, versionSchema, (value) => saveVersion(actor, id, value), { keepValues: true }),
    remove: (context) => handleForm(context, languageSchema, ({ language }) => removeVersion(actor, id, language)),
    test: (context) => handleForm(context, languageSchema, ({ language }) => sendTest(actor, id, language)),
    audience: (context) => handleForm(context, audienceSchema, (value) => saveAudience(actor, id, value), { keepValues: true }),
    send: (context) => handleForm(context, sendSchema, ({ sendAt }) => scheduleSend(actor, id, sendAt)),
    cancel: run(() => cancelSend(actor, id)),
    retry: run(() => retryFailed(actor, id)),
    welcome: (context) => handleForm(context, welcomeSchema, ({ welcome }) => setWelcome(actor, id, welcome)),
  });
}
