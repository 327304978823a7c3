import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "react-router";
import { recordAudit } from "~/features/admin/audit.server";
import { consoleNotFound, requireConsole } from "~/features/admin/guard.server";
import { backupRunById, downloadablePath } from "~/features/backup/console.server";
import type { Page } from "~/lib/page";

export const page = { console: "backups" } satisfies Page;

/**
 * GET /admin/backups/:id/file: one backup file of the console's folder (admins, after a fresh sign-in
 * check like every export of personal data); audited. The id names a recorded run; the path comes from
 * that row and must lie in the console's backup folder (downloadablePath), never from the request.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireConsole(request, "backups", { stepUp: true });
  const id = /^[1-9][0-9]{0,17}$/.test(params.id ?? "") ? Number(params.id) : undefined;
  const run = id ? await backupRunById(id) : undefined;
  const file = run ? downloadablePath(run) : undefined;
  if (!file) return consoleNotFound(request);
  const { size } = await fs.promises.stat(file);
  await recordAudit(actor, { action: "backup.download", entity: "backup", entityId: String(id), summary: path.basename(file) });
  return new Response(Readable.toWeb(fs.createReadStream(file)) as ReadableStream, {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Length": String(size),
      "Content-Disposition": `attachment; filename="${path.basename(file)}"`,
      "Cache-Control": "no-store",
    },
  });
}
