import type { Request, Response } from "express";
import { logger } from "./logger.server";
import { StorageUnavailableError, type Bucket } from "./storage-driver.server";
import type { S3Storage } from "./storage-s3.server";

/**
 * The object-store half of GET/HEAD /files (ADR 0024). The product's own signature has been
 * checked already. `downloads=stream` (default): the file is streamed from the store with the
 * visitor's Range and conditional headers passed through, so seeking and 304s work as on the
 * local disk. `downloads=redirect`: a 302 to a presigned URL of the store, valid no longer than
 * the product's link, with the same Content-Type and Content-Disposition forced.
 */
export const PUBLIC_REDIRECT_TTL_S = 300;
const MAX_PRESIGN_TTL_S = 300;

function plain(res: Response, status: number, message: string) {
  res.status(status).setHeader("Cache-Control", "no-store");
  res.type("text/plain").send(message);
}

function statusOf(error: unknown) {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

/** The Content-Type Express would send for this key's extension. */
function contentTypeOf(res: Response, key: string) {
  // Set already by the caller (CSV shown inline as text): keep it.
  const preset = res.getHeader("Content-Type");
  if (preset) return String(preset);
  const dot = key.lastIndexOf(".");
  res.type(dot > key.lastIndexOf("/") ? key.slice(dot) : "application/octet-stream");
  return String(res.getHeader("Content-Type"));
}

export async function serveFromObjectStore(
  req: Request,
  res: Response,
  storage: S3Storage,
  file: { bucket: Bucket; key: string; disposition: string; cacheControl: string; remainingS: number },
) {
  const contentType = contentTypeOf(res, file.key);
  try {
    if (storage.config.downloads === "redirect") {
      const url = await storage.presign(file.bucket, file.key, Math.min(file.remainingS, MAX_PRESIGN_TTL_S), {
        contentType,
        contentDisposition: file.disposition,
      });
      res.setHeader("Cache-Control", "no-store");
      res.redirect(302, url);
      return;
    }
    const abort = new AbortController();
    res.once("close", () => abort.abort());
    const answer = await storage.get(file.bucket, file.key, {
      Range: req.method === "HEAD" ? undefined : req.headers.range,
      IfNoneMatch: req.headers["if-none-match"],
      IfModifiedSince: req.headers["if-modified-since"] ? new Date(req.headers["if-modified-since"]) : undefined,
    });
    const body = answer.Body as (NodeJS.ReadableStream & { destroy?: () => void }) | undefined;
    res.status(answer.ContentRange ? 206 : 200);
    res.setHeader("Accept-Ranges", "bytes");
    res.setHeader("Cache-Control", file.cacheControl);
    res.setHeader("Content-Disposition", file.disposition);
    if (answer.ContentLength !== undefined) res.setHeader("Content-Length", String(answer.ContentLength));
    if (answer.ContentRange) res.setHeader("Content-Range", answer.ContentRange);
    if (answer.ETag) res.setHeader("ETag", answer.ETag);
    if (answer.LastModified) res.setHeader("Last-Modified", answer.LastModified.toUTCString());
    if (!body) return void res.end();
    if (req.method === "HEAD" || abort.signal.aborted) {
      body.destroy?.();
      return void res.end();
    }
    abort.signal.addEventListener("abort", () => body.destroy?.());
    body.on("error", (error: Error) => {
      // Cut off mid-file (store gone): end the response so the client sees a short body, not a hang.
      logger.warn(`object storage read of ${file.bucket}/${file.key} broke off: ${error.message}`);
      res.destroy(error);
    });
    body.pipe(res);
  } catch (error) {
    if (res.headersSent) return void res.destroy();
    const status = statusOf(error);
    if (status === 304) return void res.status(304).end();
    if (status === 404 || (error as { name?: string }).name === "NoSuchKey") return plain(res, 404, "Not found");
    if (status === 416) {
      const size = await storage.stat(file.bucket, file.key).then(
        (info) => info?.size,
        () => undefined,
      );
      if (size !== undefined) res.setHeader("Content-Range", `bytes */${size}`);
      return plain(res, 416, "Range not satisfiable");
    }
    if (error instanceof StorageUnavailableError) {
      logger.warn(`${error.message}`);
      res.setHeader("Retry-After", "30");
      return plain(res, 503, "The file store is unavailable right now. Please try again in a minute.");
    }
    logger.error(`could not send ${file.bucket}/${file.key}`, error);
    return plain(res, 500, "Could not send the file");
  }
}
