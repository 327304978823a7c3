import { requestMissingRenditions } from "~/features/media/renditions.server";
import { seedDemoMedia } from "~/features/media/seed.server";
import { logger } from "~/lib/logger.server";
import { sweepScratchFolders } from "~/lib/scratch.server";
import { warnAboutMissingImprint } from "~/features/admin/settings.server";

/**
 * Work done once at every start, after migrations and before the first request: features
 * add their step here (for example loading the demo media library into an empty database).
 */
const tasks: Array<{ name: string; run: () => Promise<unknown> }> = [
  // Temporary folders of killed processes (uploads, file probes, imports).
  { name: "temporary files", run: () => sweepScratchFolders() },
  { name: "demo media library", run: () => seedDemoMedia() },
  // Images imported before their page renditions: the periodic task draws them (ADR 0091).
  { name: "picture sizes check", run: () => requestMissingRenditions() },
  { name: "imprint check", run: () => warnAboutMissingImprint() },
];

export async function runStartupTasks() {
  for (const task of tasks) {
    const started = Date.now();
    await task.run();
    logger.info(`Start-up task "${task.name}" done in ${Date.now() - started} ms`);
  }
}
