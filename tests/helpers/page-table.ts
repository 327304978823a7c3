import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { derivePageTable } from "../../server/page-table";

const app = path.resolve(import.meta.dirname, "../../app");

/**
 * The page table of the app's source (app/routes.ts and its route modules), derived as the server
 * derives it from a build's route list: for tests that run without a build.
 */
export async function sourcePageTable() {
  const entries: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; module: Record<string, unknown> }> = {
    root: { id: "root", path: "", module: {} },
  };
  async function add(list: RouteConfigEntry[], parentId: string) {
    for (const entry of list) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      const module = (await import(path.join(app, entry.file))) as Record<string, unknown>;
      entries[id] = { id, parentId, path: entry.path, index: entry.index, module };
      await add(entry.children ?? [], id);
    }
  }
  await add(await routes, "root");
  return derivePageTable({ routes: entries } as never);
}
