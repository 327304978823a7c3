import { seedDemoMedia } from "~/features/media/seed.server";
import { logger } from "~/lib/logger.server";
import { warnAboutMissingImprint } from "~/features/admin/settings.server";

/**
 * Work done once at every start, after migrations and before the first request: features
 * add their step here (for example loading the demo media library into an empty database).
 */
const tasks: Array<{ name: string; run: () => Promise<void> }> = [
  { name: "demo media library", run: () => seedDemoMedia() },
  { name: "imprint check", run: () => warnAboutMissingImprint() },
];

export async function runStartupTasks() {
  for (const task of tasks) {
    const started = Date.now();
    await task.run();
    logger.info(`Start-up task "${task.name}" done in ${Date.now() - started} ms`);
  }
}
