import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { NewsList } from "~/features/admin/components/news-list";
import { consoleMeta } from "~/features/admin/console.server";
import { requireConsole } from "~/features/admin/guard.server";
import { listNewsPosts } from "~/features/news/news-console.server";
import type { Page } from "~/lib/page";
import { metaFromLoader } from "~/lib/seo";

export const page = { console: "news" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/news: every post × en/de/es with its title and state (ADR 0066). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "news");
  return { posts: await listNewsPosts(), meta: await consoleMeta(request, "admin.meta.news") };
}

export default function AdminNewsRoute() {
  const { posts } = useLoaderData<typeof loader>();
  return <NewsList posts={posts} />;
}
