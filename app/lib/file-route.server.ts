import path from "node:path";
import type { Request, Response } from "express";
import {
  checkSignature,
  contentDisposition,
  FILES_PATH_PREFIX,
  isBucket,
  isSafeKey,
  PUBLIC_BUCKETS,
  getStorage,
  resolveFile,
} from "./storage.server";
import type { S3Storage } from "./storage-s3.server";
import { serveFromObjectStore, PUBLIC_REDIRECT_TTL_S } from "./file-route-s3.server";

/**
 * GET/HEAD /files/<bucket>/<key>: stored files with Range (video seeking), ETag, Last-Modified
 * and conditional requests (Express `sendFile`). Private buckets need a valid signature
 * (403 when altered or expired); any traversal attempt, encoded or not, is refused with 403.
 */
const SANDBOX_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

function refuse(res: Response, status: number, message: string) {
  res.status(status).setHeader("Cache-Control", "no-store");
  res.type("text/plain").send(message);
}

/** Splits the raw path into decoded segments; undefined when a segment smuggles a slash or is malformed. */
function keyFromRawPath(rawPath: string): { bucket: string; key: string } | undefined {
  const rest = rawPath.slice(FILES_PATH_PREFIX.length + 1);
  const rawSegments = rest.split("/");
  const segments: string[] = [];
  for (const raw of rawSegments) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (decoded.includes("/") || decoded.includes("\\")) return undefined;
    segments.push(decoded);
  }
  const [bucket, ...keySegments] = segments;
  return { bucket, key: keySegments.join("/") };
}

export function serveStoredFile(req: Request, res: Response) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Security-Policy", SANDBOX_CSP);
  const rawPath = req.originalUrl.split("?")[0];
  const parsed = keyFromRawPath(rawPath);
  if (!parsed || !isBucket(parsed.bucket) || !isSafeKey(parsed.key)) return refuse(res, 403, "Forbidden");
  const { bucket, key } = parsed;

  const query = new URL(req.originalUrl, "http://localhost").searchParams;
  // Only a signed link may choose the saved file name: on the public bucket `?name=` is ignored,
  // so nobody can hand out an avatar link that saves as "invoice.html".
  const downloadName = PUBLIC_BUCKETS.has(bucket) ? null : query.get("name");
  let cacheControl = "public, max-age=31536000, immutable";
  if (!PUBLIC_BUCKETS.has(bucket)) {
    const check = checkSignature(bucket, key, {
      expires: query.get("expires"),
      sig: query.get("sig"),
      name: downloadName,
    });
    if (check === "expired") return refuse(res, 403, "This link has expired");
    if (check !== "valid") return refuse(res, 403, "Forbidden");
    const remaining = Math.max(0, Number(query.get("expires")) - Math.floor(Date.now() / 1000));
    cacheControl = `private, max-age=${remaining}`;
  }

  // A CSV or TSV shown inline is text: browsers save `text/csv` even when told "inline".
  if (!downloadName && /\.(csv|tsv)$/i.test(key)) res.setHeader("Content-Type", "text/plain; charset=utf-8");
  const disposition = downloadName
    ? contentDisposition("attachment", downloadName)
    : contentDisposition("inline", path.basename(key));
  const storage = getStorage();
  if (storage.kind === "s3") {
    const remainingS = PUBLIC_BUCKETS.has(bucket) ? PUBLIC_REDIRECT_TTL_S : Math.max(1, Number(query.get("expires")) - Math.floor(Date.now() / 1000));
    void serveFromObjectStore(req, res, storage as S3Storage, { bucket, key, disposition, cacheControl, remainingS });
    return;
  }
  const file = resolveFile(bucket, key);
  res.sendFile(
    file,
    {
      dotfiles: "deny",
      acceptRanges: true,
      etag: true,
      lastModified: true,
      cacheControl: false,
      headers: { "Cache-Control": cacheControl, "Content-Disposition": disposition },
    },
    (error) => {
      if (!error || res.headersSent) return;
      const status = (error as { status?: number }).status ?? 500;
      if (status === 404) refuse(res, 404, "Not found");
      else if (status === 416) {
        // `sendFile` hands an unsatisfiable range to us unanswered: reply like RFC 9110 asks.
        const contentRange = (error as { headers?: Record<string, string> }).headers?.["Content-Range"];
        if (contentRange) res.setHeader("Content-Range", contentRange);
        refuse(res, 416, "Range not satisfiable");
      }
      else refuse(res, status >= 500 ? 500 : status, "Could not send the file");
    },
  );
}
