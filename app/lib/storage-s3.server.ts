import type { Readable } from "node:stream";
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutBucketLifecycleConfigurationCommand,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandInput,
  type GetObjectCommandOutput,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { byteCounter } from "./byte-counter";
import { quietAwsSdkNodeWarning } from "./env.server";
import { logger } from "./logger.server";
import type { S3StorageConfig } from "./storage-url.server";
import { assertSafeKey, BUCKETS, StorageUnavailableError, type Bucket, type StorageDriver } from "./storage-driver.server";

/**
 * S3-compatible object storage (AWS S3, Ceph RGW, MinIO, …) through the AWS SDK v3, chosen by
 * `STORAGE_URL=s3://PREFIX?endpoint=…&region=…` (ADR 0024). The product's buckets become
 * `PREFIX-media-files` and `PREFIX-avatars`; both stay private in the store and are served
 * through `/files/…` (streamed with Range, or redirected to a short-lived presigned URL).
 * Credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, a
 * profile, an instance role). A PUT is atomic in S3 and a multipart upload is invisible until
 * it completes (and aborted when it fails), so readers never see half a file.
 */
/** Upload parts: bounded memory per upload (PART_BYTES × QUEUE), never the whole file. */
const PART_BYTES = 8 * 1024 * 1024;
const QUEUE = 2;
const CONNECT_TIMEOUT_MS = 3000;
const SOCKET_IDLE_TIMEOUT_MS = 15_000;
const SHA256_METADATA = "sha256";

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown) {
  const name = (error as { name?: string })?.name;
  return statusOf(error) === 404 || name === "NoSuchKey" || name === "NotFound";
}

/** No HTTP answer at all, or a 5xx/503 after the SDK's retries: the store is down or overloaded. */
function isOutage(error: unknown) {
  const status = statusOf(error);
  if (status === undefined) return true;
  return status >= 500;
}

/** Rethrows store outages as StorageUnavailableError so callers can say so in plain words. */
async function guard<T>(what: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (isOutage(error) && !(error instanceof StorageUnavailableError)) {
      const detail = error as { code?: string; name?: string; message?: string };
      throw new StorageUnavailableError(
        `object storage unavailable (${what}): ${detail.code ?? detail.name ?? ""} ${detail.message ?? ""}`.trim(),
        { cause: error },
      );
    }
    throw error;
  }
}

export type S3Storage = StorageDriver & {
  readonly config: S3StorageConfig;
  readonly client: S3Client;
  bucketName(bucket: Bucket): string;
  /** A GET URL signed by the store itself, valid `ttlS` seconds, with the response headers forced. */
  presign(bucket: Bucket, key: string, ttlS: number, headers: { contentType: string; contentDisposition: string }): Promise<string>;
  get(bucket: Bucket, key: string, input: Partial<GetObjectCommandInput>): Promise<GetObjectCommandOutput>;
};

/** A client for the store STORAGE_URL names (also where `npm run backup -- create --to s3://…` writes). */
export function createS3Client(config: { endpoint?: string; region?: string; forcePathStyle: boolean }) {
  quietAwsSdkNodeWarning();
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // RGW 16.2 and other S3-compatibles reject aws-chunked bodies with trailing checksums.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: {
      connectionTimeout: CONNECT_TIMEOUT_MS,
      socketTimeout: SOCKET_IDLE_TIMEOUT_MS,
      httpAgent: { keepAlive: true, maxSockets: 64 },
      httpsAgent: { keepAlive: true, maxSockets: 64 },
    },
  });
}

export function createS3Storage(config: S3StorageConfig): S3Storage {
  const client = createS3Client(config);
  const bucketName = (bucket: Bucket) => `${config.prefix}-${bucket}`;

  async function* listKeys(bucket: Bucket, prefix?: string): AsyncIterable<{ key: string; size: number }> {
    let token: string | undefined;
    do {
      const page = await guard("list", () =>
        client.send(new ListObjectsV2Command({ Bucket: bucketName(bucket), Prefix: prefix, ContinuationToken: token })),
      );
      for (const item of page.Contents ?? []) if (item.Key) yield { key: item.Key, size: item.Size ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  return {
    kind: "s3",
    config,
    client,
    bucketName,
    async prepare() {
      for (const bucket of BUCKETS) {
        const Bucket = bucketName(bucket);
        const exists = await guard("head bucket", () => client.send(new HeadBucketCommand({ Bucket }))).then(
          () => true,
          (error: unknown) => {
            if (isNotFound(error)) return false;
            throw error;
          },
        );
        if (exists) continue;
        try {
          await guard("create bucket", () => client.send(new CreateBucketCommand({ Bucket })));
          logger.info(`Object storage: created bucket ${Bucket}`);
        } catch (error) {
          // Another process created it a moment ago.
          const name = (error as { name?: string }).name;
          if (name !== "BucketAlreadyOwnedByYou" && name !== "BucketAlreadyExists") throw error;
        }
        // Parts of an upload cut off by a crash are invisible but cost space: the store drops them.
        await client
          .send(
            new PutBucketLifecycleConfigurationCommand({
              Bucket,
              LifecycleConfiguration: {
                Rules: [
                  {
                    ID: "abort-incomplete-uploads",
                    Status: "Enabled",
                    Filter: { Prefix: "" },
                    AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
                  },
                ],
              },
            }),
          )
          .catch((error: unknown) => logger.warn(`Object storage: no lifecycle rule on ${Bucket}: ${String(error)}`));
      }
    },
    async save(bucket, key, data, options = {}) {
      assertSafeKey(bucket, key);
      const Metadata = options.sha256 ? { [SHA256_METADATA]: options.sha256 } : undefined;
      if (Buffer.isBuffer(data)) {
        await guard("upload", () =>
          client.send(new PutObjectCommand({ Bucket: bucketName(bucket), Key: key, Body: data, ContentLength: data.length, Metadata })),
        );
        return { size: data.length };
      }
      const counted = byteCounter();
      (data as Readable).on("error", (error) => counted.stream.destroy(error));
      (data as Readable).pipe(counted.stream);
      const upload = new Upload({
        client,
        params: { Bucket: bucketName(bucket), Key: key, Body: counted.stream, Metadata },
        partSize: PART_BYTES,
        queueSize: QUEUE,
        leavePartsOnError: false,
      });
      await guard("upload", () => upload.done());
      return { size: counted.bytes() };
    },
    async read(bucket, key) {
      assertSafeKey(bucket, key);
      try {
        const answer = await guard("read", () => client.send(new GetObjectCommand({ Bucket: bucketName(bucket), Key: key })));
        return answer.Body as Readable;
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async stat(bucket, key) {
      assertSafeKey(bucket, key);
      try {
        const head = await guard("stat", () => client.send(new HeadObjectCommand({ Bucket: bucketName(bucket), Key: key })));
        return {
          size: head.ContentLength ?? 0,
          etag: head.ETag,
          lastModified: head.LastModified,
          sha256: head.Metadata?.[SHA256_METADATA],
        };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async remove(bucket, key) {
      assertSafeKey(bucket, key);
      await guard("delete", () => client.send(new DeleteObjectCommand({ Bucket: bucketName(bucket), Key: key })));
    },
    async removeFolder(bucket, prefix) {
      assertSafeKey(bucket, prefix);
      let batch: string[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const Objects = batch.map((Key) => ({ Key }));
        batch = [];
        await guard("delete", () =>
          client.send(new DeleteObjectsCommand({ Bucket: bucketName(bucket), Delete: { Objects, Quiet: true } })),
        );
      };
      for await (const item of listKeys(bucket, `${prefix}/`)) {
        batch.push(item.key);
        if (batch.length === 1000) await flush();
      }
      await flush();
    },
    list(bucket) {
      return listKeys(bucket);
    },
    presign(bucket, key, ttlS, headers) {
      assertSafeKey(bucket, key);
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: bucketName(bucket),
          Key: key,
          ResponseContentType: headers.contentType,
          ResponseContentDisposition: headers.contentDisposition,
        }),
        { expiresIn: ttlS },
      );
    },
    get(bucket, key, input) {
      assertSafeKey(bucket, key);
      return guard("read", () => client.send(new GetObjectCommand({ ...input, Bucket: bucketName(bucket), Key: key })));
    },
  };
}
