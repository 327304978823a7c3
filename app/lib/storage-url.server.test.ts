import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";
import { parseStorageUrl } from "./storage-url.server";

describe("STORAGE_URL", () => {
  it("reads the bucket prefix, endpoint, region and options", () => {
    expect(parseStorageUrl("s3://ipangel?endpoint=http://127.0.0.1:7480&region=eu-central-1")).toEqual({
      prefix: "ipangel",
      endpoint: "http://127.0.0.1:7480",
      region: "eu-central-1",
      forcePathStyle: true,
      downloads: "stream",
    });
    expect(parseStorageUrl("s3://ipangel-prod?downloads=redirect")).toMatchObject({
      endpoint: undefined,
      region: "us-east-1",
      forcePathStyle: false,
      downloads: "redirect",
    });
  });

  it.each([
    ["https://bucket", "must start with s3://"],
    ["s3://UPPER?endpoint=http://x", "bucket prefix"],
    ["s3://ok-prefix?endpoint=ftp://x", "endpoint must be"],
    ["s3://ok-prefix?downloads=sometimes", "downloads must be"],
  ])("stops the start on %s with a message naming STORAGE_URL", (value, message) => {
    expect(() => parseEnv({ STORAGE_URL: value })).toThrow(/STORAGE_URL: .*/);
    expect(() => parseEnv({ STORAGE_URL: value })).toThrow(message);
  });

  it("is optional: unset or empty means the local disk", () => {
    expect(parseEnv({}).STORAGE_URL).toBeUndefined();
    expect(parseEnv({ STORAGE_URL: "" }).STORAGE_URL).toBeUndefined();
  });
});
