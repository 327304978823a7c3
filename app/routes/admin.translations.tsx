import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { TranslationsPage } from "~/features/admin/components/translations-page";
import { consoleMeta } from "~/features/admin/console.server";
import { requireConsole } from "~/features/admin/guard.server";
import { translationsAction } from "~/features/admin/translation-actions.server";
import { MEDIA_EXPORT_LIMIT } from "~/features/admin/media-translation-files.server";
import { IMPORT_MAX_BYTES } from "~/features/admin/translations";
import { listTranslationStatus } from "~/features/admin/translations.server";
import { isMediaNeedsWork, mediaTranslationStatus } from "~/features/admin/media-translations.server";
import { isLanguage } from "~/lib/i18n";
import { FORM_BODY_LIMIT, type Page } from "~/lib/page";
import { metaFromLoader } from "~/lib/seo";

// An import is a file upload: a multipart form up to the file's limit (the action checks the file's own size).
export const page = { console: "pages", body: { signedInMultipartLimit: IMPORT_MAX_BYTES + FORM_BODY_LIMIT } } satisfies Page;

export const meta = metaFromLoader;

/**
 * /admin/translations: every content page × German and Spanish, missing, outdated or up to date; the
 * media library's items counted per language and state, the newest of one (`?media=de&state=outdated`)
 * listed, each with "start from the original"; export and import of pages and media items.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "pages");
  const params = new URL(request.url).searchParams;
  const language = params.get("media");
  const state = params.get("state");
  return {
    pages: await listTranslationStatus(),
    media: await mediaTranslationStatus({
      language: isLanguage(language) ? language : undefined,
      state: isMediaNeedsWork(state) ? state : undefined,
    }),
    importMaxBytes: IMPORT_MAX_BYTES,
    mediaExportLimit: MEDIA_EXPORT_LIMIT,
    meta: await consoleMeta(request, "admin.meta.translations"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireConsole(request, "pages");
  return translationsAction(request, actor);
}

export default function AdminTranslationsRoute() {
  const { pages, media, importMaxBytes, mediaExportLimit } = useLoaderData<typeof loader>();
  return <TranslationsPage pages={pages} media={media} importMaxBytes={importMaxBytes} mediaExportLimit={mediaExportLimit} />;
}
