/** `STORAGE_URL=s3://PREFIX?endpoint=…&region=…` (CONTRACT "Configuration", ADR 0024). */
export interface S3StorageConfig {
  prefix: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** `stream`: the server streams files to the browser; `redirect`: 302 to a presigned URL. */
  downloads: "stream" | "redirect";
}

const PREFIX = /^[a-z0-9][a-z0-9-]{1,40}[a-z0-9]$/;

/** Parses STORAGE_URL; throws with a message for the operator on a bad value. */
export function parseStorageUrl(value: string): S3StorageConfig {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error("must look like s3://PREFIX?endpoint=…&region=…");
  }
  if (url.protocol !== "s3:") throw new Error("must start with s3://");
  const prefix = url.hostname;
  if (!PREFIX.test(prefix)) {
    throw new Error("the bucket prefix after s3:// must be 3–42 lowercase letters, digits or hyphens");
  }
  const endpoint = url.searchParams.get("endpoint") ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+\/?$/.test(endpoint)) {
    throw new Error("endpoint must be an http(s) origin such as https://s3.example.com");
  }
  const downloads = url.searchParams.get("downloads") ?? "stream";
  if (downloads !== "stream" && downloads !== "redirect") throw new Error("downloads must be stream or redirect");
  const pathStyle = url.searchParams.get("path_style");
  if (pathStyle !== null && pathStyle !== "true" && pathStyle !== "false") throw new Error("path_style must be true or false");
  return {
    prefix,
    endpoint: endpoint?.replace(/\/$/, ""),
    region: url.searchParams.get("region") ?? "us-east-1",
    // Custom endpoints (RGW, MinIO) rarely have wildcard DNS for virtual-hosted buckets.
    forcePathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === "true",
    downloads,
  };
}
