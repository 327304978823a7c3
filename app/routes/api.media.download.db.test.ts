import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { findMedia } from "~/features/media/media.server";
import { importManifest } from "~/features/media/import.server";
import { resetDatabase } from "../../tests/helpers/database";
import { writeMediaFixtures } from "../../tests/helpers/media-fixtures";

// The accounts feature supplies the session; here a test decides who is signed in.
const session = vi.hoisted(() => ({ user: null as null | { id: string; email: string; name: string } }));
vi.mock("~/features/account/session.server", () => ({
  getOptionalUser: async () => session.user,
}));

const { action, loader } = await import("./api.media.download");

async function post(id: string) {
  const request = new Request(`http://localhost/api/media/${id}/download`, { method: "POST" });
  return action({ request, params: { id }, context: {} } as never);
}

describe("POST /api/media/:id/download", () => {
  let itemId: string;
  beforeAll(async () => {
    await resetDatabase();
    const { manifestPath } = await writeMediaFixtures(fs.mkdtempSync(path.join(os.tmpdir(), "download-route-")));
    await importManifest(manifestPath);
    itemId = (await findMedia({ q: "", type: "image", category: "" })).items[0].id;
  });
  beforeEach(() => {
    session.user = null;
  });

  it("answers 401 to a visitor and counts nothing", async () => {
    const response = await post(itemId);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Please sign in to download files" });
    const get = await loader({ request: new Request("http://localhost/x"), params: { id: itemId }, context: {} } as never);
    expect(get.status).toBe(401);
  });

  it("gives a signed-in user a signed attachment URL named after the title, counting once", async () => {
    session.user = { id: "u1", email: "ada@example.com", name: "Ada" };
    const response = await post(itemId);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as { url: string; fileName: string; downloadCount: number };
    expect(body.fileName).toBe("Logo pack.png");
    expect(body.url).toMatch(/^\/files\/media-files\/items\/[0-9a-f-]{36}\/logo\.png\?expires=\d+&name=Logo\+pack\.png&sig=/);
    expect(body.downloadCount).toBe(1);
    expect((await post("00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});
