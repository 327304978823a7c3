import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { getEnv, setEnvForTesting } from "./env.server";
import {
  checkSignature,
  contentDisposition,
  createSignedUrl,
  deleteFile,
  fileExists,
  getStorage,
  InvalidKeyError,
  isSafeKey,
  resolveFile,
  saveFile,
} from "./storage.server";

function paramsOf(url: string) {
  const parsed = new URL(url, "http://localhost");
  return {
    expires: parsed.searchParams.get("expires"),
    sig: parsed.searchParams.get("sig"),
    name: parsed.searchParams.get("name"),
  };
}

describe("storage keys", () => {
  it.each(["a.png", "user-1/1700000000.webp", "2025/logo_pack-v1.0.zip"])("accepts %s", (key) => {
    expect(isSafeKey(key)).toBe(true);
  });

  it.each(["", "../secret", "a/../../b", "a/./b", ".hidden", "a//b", "a/..", "a\\b", "%2e%2e/x", "a/b/"])("refuses %s", (key) => {
    expect(isSafeKey(key)).toBe(false);
    expect(() => resolveFile("media-files", key)).toThrow(InvalidKeyError);
  });
});

describe("saveFile", () => {
  it("writes atomically and can be deleted", async () => {
    await saveFile("avatars", "u1/1.png", Buffer.from("png bytes"));
    expect(fs.readFileSync(resolveFile("avatars", "u1/1.png"), "utf8")).toBe("png bytes");
    expect(fs.readdirSync(resolveFile("avatars", "u1")).filter((name) => name.startsWith(".tmp"))).toEqual([]);
    await deleteFile("avatars", "u1/1.png");
    expect(await fileExists("avatars", "u1/1.png")).toBe(false);
  });
});

describe("signed URLs", () => {
  it("verifies an untouched URL and refuses altered ones", () => {
    const url = createSignedUrl("media-files", "items/a.pdf", 60, { downloadName: "Report.pdf" });
    expect(url).toMatch(/^\/files\/media-files\/items\/a\.pdf\?/);
    const params = paramsOf(url);
    expect(checkSignature("media-files", "items/a.pdf", params)).toBe("valid");
    expect(checkSignature("media-files", "items/b.pdf", params)).toBe("invalid");
    expect(checkSignature("avatars", "items/a.pdf", params)).toBe("invalid");
    expect(checkSignature("media-files", "items/a.pdf", { ...params, name: "Other.pdf" })).toBe("invalid");
    expect(checkSignature("media-files", "items/a.pdf", { ...params, expires: String(Number(params.expires) + 600) })).toBe("invalid");
    expect(checkSignature("media-files", "items/a.pdf", { ...params, sig: `${params.sig}x` })).toBe("invalid");
    expect(checkSignature("media-files", "items/a.pdf", { ...params, sig: null })).toBe("invalid");
  });

  it("expires after its lifetime", () => {
    const now = Date.now();
    const params = paramsOf(createSignedUrl("media-files", "x.mp4", 60, { now }));
    expect(checkSignature("media-files", "x.mp4", params, now + 59_000)).toBe("valid");
    expect(checkSignature("media-files", "x.mp4", params, now + 61_000)).toBe("expired");
  });
});

describe("contentDisposition", () => {
  it("keeps the exact name encoded and a safe ASCII fallback", () => {
    expect(contentDisposition("attachment", 'Häuser "neu".pdf')).toBe(
      `attachment; filename="H_user _neu_.pdf"; filename*=UTF-8''H%C3%A4user%20%22neu%22.pdf`,
    );
    expect(contentDisposition("attachment", "evil\r\nSet-Cookie: x.txt")).not.toMatch(/[\r\n]/);
  });
});

describe("getStorage", () => {
  it("says which start-up call is missing when STORAGE_URL names an object store whose driver was never loaded", () => {
    const local = getEnv();
    // The unit tier never calls prepareStorage() with an object store, so its driver is not loaded here.
    setEnvForTesting({ ...local, STORAGE_URL: "s3://ipangel?endpoint=http://127.0.0.1:7480&region=eu-central-1" });
    try {
      expect(() => getStorage()).toThrow(
        "STORAGE_URL names an object store whose driver is not loaded: call prepareStorage() at start-up.",
      );
    } finally {
      setEnvForTesting(local);
    }
    // The local disk still answers once the configuration names it again.
    expect(getStorage()).toBeDefined();
  });
});
