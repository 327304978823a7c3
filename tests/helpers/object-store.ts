import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { startRgw } from "./rgw";

/**
 * A real S3 server (Ceph RGW, scripts/ceph-rgw.sh) for tests that need one. The vitest global
 * set-up only reserves a folder and a port; the first test file that calls `useObjectStore()`
 * starts the cluster (the script's lock makes concurrent starts from two workers safe, and a
 * second start just re-checks it), the global teardown stops it. `TEST_S3_ENDPOINT` (with the
 * AWS_* keys in the environment) uses a store that is already running instead.
 */
export interface ObjectStore {
  endpoint: string;
  /** A STORAGE_URL with a bucket prefix of its own, so test files never share buckets. */
  storageUrl(extra?: string): string;
  env: Record<string, string>;
}

let started: Promise<Record<string, string>> | undefined;

export async function useObjectStore(): Promise<ObjectStore> {
  started ??= (async () => {
    if (process.env.TEST_S3_ENDPOINT) {
      return {
        S3_ENDPOINT: process.env.TEST_S3_ENDPOINT,
        AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? "",
        AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? "",
        AWS_REGION: process.env.AWS_REGION ?? "us-east-1",
      };
    }
    const { dir, port } = inject("objectStore");
    return startRgw(dir, port);
  })();
  const values = await started;
  // The AWS SDK reads its credentials from the usual variables, as in production.
  process.env.AWS_ACCESS_KEY_ID = values.AWS_ACCESS_KEY_ID;
  process.env.AWS_SECRET_ACCESS_KEY = values.AWS_SECRET_ACCESS_KEY;
  const endpoint = values.S3_ENDPOINT;
  return {
    endpoint,
    storageUrl: (extra = "") =>
      `s3://t${randomBytes(5).toString("hex")}?endpoint=${encodeURIComponent(endpoint)}&region=${values.AWS_REGION ?? "us-east-1"}${extra}`,
    env: {
      AWS_ACCESS_KEY_ID: values.AWS_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY: values.AWS_SECRET_ACCESS_KEY,
      AWS_REGION: values.AWS_REGION ?? "us-east-1",
    },
  };
}
