import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { skipAutosaveReload } from "~/features/admin/components/page-autosave";
import { consoleMeta } from "~/features/admin/console.server";
import { NewsEditor } from "~/features/admin/forms/news-form";
import { consoleNotFound, requireConsole } from "~/features/admin/guard.server";
import { newsAction, newsParams } from "~/features/news/news-actions.server";
import { loadNewsEditor } from "~/features/news/news-console.server";
import { EMPTY_FIELDS, NEW_POST } from "~/features/news/news.server";
import type { Page } from "~/lib/page";
import { newsPreviewLink } from "~/lib/page-preview.server";
import { pageImageChoices } from "~/lib/page-images.server";
import { metaFromLoader } from "~/lib/seo";

export const page = { console: "news" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/news/:id?language=de (`new`: a post not saved yet): one post in one language (ADR 0066). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireConsole(request, "news");
  const { postId, language } = newsParams(request, params.id);
  const post =
    postId === NEW_POST
      ? {
          id: NEW_POST,
          language,
          state: "none" as const,
          fields: EMPTY_FIELDS,
          live: null,
          publishedAt: null,
          updatedAt: null,
          draftAt: null,
          schedule: null,
          titles: {},
          versions: [],
        }
      : await loadNewsEditor(postId, language);
  if (!post) consoleNotFound(request);
  // A fresh link (24 h) at each load, as the page editor's; a post not saved yet has nothing to show.
  const preview = post.id === NEW_POST || post.state === "none" ? null : newsPreviewLink(post.id, post.fields.slug, language);
  return { post: { ...post, preview }, coverChoices: await pageImageChoices(), meta: await consoleMeta(request, "admin.meta.newsEditor") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireConsole(request, "news");
  const { postId, language } = newsParams(request, params.id);
  return newsAction(request, actor, postId, language);
}

export const shouldRevalidate = skipAutosaveReload;

export default function AdminNewsEditorRoute() {
  const { post, coverChoices } = useLoaderData<typeof loader>();
  return <NewsEditor post={post} coverChoices={coverChoices} />;
}
