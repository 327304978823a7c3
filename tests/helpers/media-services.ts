import { createServiceItem } from "~/features/admin/media-item.server";
import { mediaItemSchema } from "~/features/admin/schemas/media-schema";

/** An editor as the console's functions take one (tests that call them directly). */
export const testEditor = { id: "editor-1", email: "editor@ipangel.test", name: "Editor", role: "editor" as const };

/** The media item form of an English `services` item (no file needed), with `fields` over it (`title`, `deTitle` …). */
export const serviceForm = (fields: Record<string, string>) =>
  mediaItemSchema.parse({
    fileType: "services",
    language: "en",
    serviceKind: "API",
    endpoint: "https://api.example.com",
    categories: [],
    ...fields,
  });

/** A new service item made through the console's form; its id. */
export async function createService(fields: Record<string, string>) {
  const created = await createServiceItem(testEditor, serviceForm(fields));
  if (!created.ok) throw new Error("not created");
  return created.id;
}
