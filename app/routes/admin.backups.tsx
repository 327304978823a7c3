import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { BackupsPage } from "~/features/admin/components/backups-page";
import { backupsAction } from "~/features/admin/backups-actions.server";
import { consoleMeta } from "~/features/admin/console.server";
import { requireConsole } from "~/features/admin/guard.server";
import { backupsEncrypted, consoleBackupFolder, listBackups, readBackupSettings } from "~/features/backup/console.server";
import { metaFromLoader } from "~/lib/seo";
import type { Page } from "~/lib/page";

export const page = { console: "backups" } satisfies Page;

export const meta = metaFromLoader;

/** /admin/backups: back up now, the daily schedule and how many to keep, download, restore drills (admins; ADR 0071). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireConsole(request, "backups");
  const [backups, settings] = await Promise.all([listBackups(), readBackupSettings()]);
  return {
    backups: backups.map((backup) => ({
      id: backup.id,
      startedAt: backup.startedAt.toISOString(),
      finishedAt: backup.finishedAt.toISOString(),
      file: backup.location ? backup.location.split(/[\\/]/).pop()! : null,
      location: backup.location,
      sizeBytes: backup.sizeBytes,
      tables: backup.tables,
      rows: backup.rows,
      files: backup.files,
      encrypted: backup.encrypted,
      error: backup.error,
      removed: Boolean(backup.removedAt),
      downloadable: backup.downloadable,
      drill: backup.drill
        ? { ok: !backup.drill.error, error: backup.drill.error, finishedAt: backup.drill.finishedAt.toISOString() }
        : null,
    })),
    settings,
    folder: consoleBackupFolder(),
    encrypted: backupsEncrypted(),
    meta: await consoleMeta(request, "admin.meta.backups"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  return backupsAction(request, await requireConsole(request, "backups"));
}

export default function AdminBackupsRoute() {
  const data = useLoaderData<typeof loader>();
  return <BackupsPage {...data} />;
}
