import fs from "node:fs";
import path from "node:path";
import { PassThrough, Transform, type Writable } from "node:stream";
import { getEnv } from "~/lib/env.server";
import { makePrivateDir, PRIVATE_FILE_MODE } from "~/lib/private-files.server";
import { parseStorageUrl } from "~/lib/storage-url.server";

/** Where a backup file goes: a folder (written as `.partial`, renamed when whole) or an S3 bucket (multipart upload). */

export type BackupTarget = { kind: "folder"; folder: string } | { kind: "s3"; bucket: string; prefix: string };

/** Puts the envelope in front of the body. */
export function prefixed(prefix: Buffer) {
  let written = false;
  const push = (stream: Transform) => {
    if (!written) stream.push(prefix);
    written = true;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      push(this);
      callback(null, chunk);
    },
    flush(callback) {
      push(this);
      callback();
    },
  });
}

export interface Sink {
  stream: Writable;
  location: string;
  /** Resolves once the whole file is stored under its final name. */
  done: () => Promise<void>;
  /** Removes what a failed backup left. */
  discard: () => Promise<void>;
}

export async function openSink(target: BackupTarget, name: string): Promise<Sink> {
  if (target.kind === "folder") {
    makePrivateDir(target.folder);
    const location = path.join(target.folder, name);
    const partial = `${location}.partial`;
    const stream = fs.createWriteStream(partial, { mode: PRIVATE_FILE_MODE, flags: "wx" });
    return {
      stream,
      location,
      async done() {
        const handle = await fs.promises.open(partial, "r");
        await handle.sync().finally(() => handle.close());
        await fs.promises.rename(partial, location);
      },
      discard: () => fs.promises.rm(partial, { force: true }),
    };
  }
  const [{ Upload }, { createS3Client }] = await Promise.all([import("@aws-sdk/lib-storage"), import("~/lib/storage-s3.server")]);
  const storageUrl = getEnv().STORAGE_URL;
  // The same store as STORAGE_URL when one is set (its endpoint and region), else the SDK's own settings.
  const config: { endpoint?: string; region?: string; forcePathStyle: boolean } = storageUrl
    ? parseStorageUrl(storageUrl)
    : { forcePathStyle: false };
  const key = target.prefix ? `${target.prefix}/${name}` : name;
  const body = new PassThrough();
  const upload = new Upload({
    client: createS3Client(config),
    params: { Bucket: target.bucket, Key: key, Body: body },
    partSize: 8 * 1024 * 1024,
    queueSize: 2,
  });
  const uploaded = upload.done().catch((error: unknown) => {
    const failure = new Error(uploadFailure(error, target, key, config.endpoint), { cause: error });
    // The backup stops writing at once (the upload no longer reads what it writes).
    body.destroy(failure);
    throw failure;
  });
  // Read once done() is awaited; until then a failure must not be an unhandled rejection.
  uploaded.catch(() => {});
  return {
    stream: body,
    location: `s3://${target.bucket}/${key}`,
    done: async () => void (await uploaded),
    discard: async () => {
      await upload.abort().catch(() => {});
    },
  };
}

/** One line an operator can act on: the SDK's own message for a missing bucket from RGW is "UnknownError". */
function uploadFailure(error: unknown, target: { bucket: string }, key: string, endpoint: string | undefined) {
  const { name = "Error", message = "", $metadata } = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = $metadata?.httpStatusCode;
  const store = endpoint ?? "the AWS SDK's configured S3";
  if (status === 404 || name === "NoSuchBucket") {
    return `the bucket "${target.bucket}" does not exist at ${store}: create it, or name another in --to s3://BUCKET/PREFIX`;
  }
  if (status === 403 || name === "AccessDenied") {
    return `${store} refused to write into the bucket "${target.bucket}" (access denied): check AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY and the bucket's policy`;
  }
  const detail = message && message !== name ? `${name}: ${message}` : name;
  return `could not write s3://${target.bucket}/${key} at ${store} (${detail}${status ? `, HTTP ${status}` : ""})`;
}
