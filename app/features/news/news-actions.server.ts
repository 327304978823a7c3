import { redirect } from "react-router";
import * as z from "zod/mini";
import { handleForm, runConsoleIntent, thenRedirect, type ConsoleHandler, type Outcome } from "~/features/admin/action.server";
import { consoleNotFound, type ConsoleActor } from "~/features/admin/guard.server";
import { buttonSchema } from "~/features/admin/schemas/console-schemas";
import { pageScheduleSchema } from "~/features/admin/schemas/page-schedule-schema";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/lib/i18n";
import { restoreNewsVersion } from "./news-history.server";
import { newsPostSchema } from "./news-schema";
import { cancelNewsSchedule, scheduleNews } from "./news-schedule.server";
import {
  deletePost,
  discardNewsDraft,
  isPostId,
  NEW_POST,
  publishNews,
  saveNewsDraft,
  unpublishNews,
  type NewsOutcome,
} from "./news.server";

/**
 * The post and language of /admin/news/:id (`new` for a post not saved yet) and `?language=`: an id that
 * is no post id is the console's 404 (an unknown post answers its translated message), an unknown
 * language the default one.
 */
export function newsParams(request: Request, id: string | undefined) {
  if (id !== NEW_POST && !isPostId(id)) consoleNotFound(request);
  const asked = new URL(request.url).searchParams.get("language");
  return { postId: id, language: isLanguage(asked) ? asked : DEFAULT_LANGUAGE };
}

const versionSchema = z.object({
  version: z.coerce
    .number("admin.news.errors.noVersion")
    .check(z.int("admin.news.errors.noVersion"), z.positive("admin.news.errors.noVersion")),
});

/**
 * /admin/news/:id: one form per language (save the draft, publish it) and the language's buttons
 * (discard, unpublish, schedule, restore a version, delete the post). The first save or publish of a
 * new post makes it and moves the editor to its address.
 */
export function newsAction(request: Request, actor: ConsoleActor, postId: string, language: Language) {
  const target = `${postId}-${language}`;
  const editorOf = (id: string) => `/admin/news/${id}?language=${language}`;
  // A new post's first save gets its address: the editor moves there.
  const settle = async (outcome: NewsOutcome): Promise<Outcome> => {
    if (outcome.ok && postId === NEW_POST && outcome.postId) throw redirect(editorOf(outcome.postId));
    return outcome;
  };
  const existing = (work: () => Promise<Outcome>) => () => (postId === NEW_POST ? Promise.resolve(NOT_SAVED) : work());
  const handlers: Record<string, ConsoleHandler> = {
    save: (context) =>
      handleForm(context, newsPostSchema, async (values) => settle(await saveNewsDraft(actor, postId, language, values)), {
        keepValues: true,
        target,
      }),
    publish: (context) =>
      handleForm(context, newsPostSchema, async (values) => settle(await publishNews(actor, postId, language, values)), {
        keepValues: true,
        target,
      }),
    discard: (context) =>
      handleForm(
        context,
        buttonSchema,
        existing(() => discardNewsDraft(actor, postId, language)),
        { target },
      ),
    unpublish: (context) =>
      handleForm(
        context,
        buttonSchema,
        existing(() => unpublishNews(actor, postId, language)),
        { target },
      ),
    schedule: (context) =>
      handleForm(context, pageScheduleSchema, ({ publishAt }) => existing(() => scheduleNews(actor, postId, language, publishAt))(), {
        target,
      }),
    unschedule: (context) =>
      handleForm(
        context,
        buttonSchema,
        existing(() => cancelNewsSchedule(actor, postId, language)),
        { target },
      ),
    restore: (context) =>
      handleForm(context, versionSchema, ({ version }) => existing(() => restoreNewsVersion(actor, postId, language, version))(), {
        target,
      }),
    delete: (context) =>
      handleForm(context, buttonSchema, existing(thenRedirect(() => deletePost(actor, postId), "/admin/news")), { target }),
  };
  return runConsoleIntent(request, actor, handlers);
}

const NOT_SAVED: Outcome = { ok: false, status: 404, error: "admin.news.errors.notFound" };
