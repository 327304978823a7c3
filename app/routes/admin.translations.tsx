import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { TranslationsPage } from "~/features/admin/components/translations-page";
import { consoleMeta } from "~/features/admin/console.server";
import { requireConsole } from "~/features/admin/guard.server";
import { translationsAction } from "~/features/admin/translation-actions.server";
import { IMPORT_MAX_BYTES } from "~/features/admin/translations";
import { listTranslationStatus } from "~/features/admin/translations.server";
import { FORM_BODY_LIMIT, type Page } from "~/lib/page";
import { metaFromLoader } from "~/lib/seo";

// An import is a file upload: a multipart form up to the file's limit (the action checks the file's own size).
export const page = { console: "pages", body: { signedInMultipartLimit: IMPORT_MAX_BYTES + FORM_BODY_LIMIT } } satisfies Page;

export const meta = metaFromLoader;

/** /admin/translations: every content page × German and Spanish, missing, outdated or up to date; export and import. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "pages");
  return {
    pages: await listTranslationStatus(),
    importMaxBytes: IMPORT_MAX_BYTES,
    meta: await consoleMeta(request, "admin.meta.translations"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireConsole(request, "pages");
  return translationsAction(request, actor);
}

export default function AdminTranslationsRoute() {
  const { pages, importMaxBytes } = useLoaderData<typeof loader>();
  return <TranslationsPage pages={pages} importMaxBytes={importMaxBytes} />;
}
