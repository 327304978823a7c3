import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { preferredEncoding } from "./preferred-encoding";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|json|svg|txt|html|xml|map)$/;
const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

interface Compressed {
  type: string;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Serves the build's hashed assets (`build/client/assets`) brotli-11 / gzip-9 compressed from
 * memory: smaller than on-the-fly compression (level 4/6) and free per request. The files are
 * compressed once, in the background after start; until a file is ready (and for clients that
 * accept neither encoding) the request falls through to the ordinary static handler.
 */
export function precompressedAssets(dir: string) {
  const ready = new Map<string, Compressed>();
  const root = path.resolve(dir);
  void (async () => {
    let names: string[] = [];
    try {
      names = fs.readdirSync(root).filter((name) => COMPRESSIBLE.test(name));
    } catch {
      return; // no build (development)
    }
    for (const name of names) {
      const body = await fs.promises.readFile(path.join(root, name));
      const [br, gz] = await Promise.all([
        brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzip(body, { level: 9 }),
      ]);
      ready.set(`/${name}`, { type: TYPES[path.extname(name)] ?? "application/octet-stream", br, gzip: gz });
    }
  })().catch(() => {
    // Compression is an optimization: the static handler still serves every file.
  });

  return function servePrecompressed(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const entry = ready.get(req.path);
    if (!entry) return next();
    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    if (!encoding) return next();
    const body = entry[encoding];
    res.setHeader("Content-Type", entry.type);
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", String(body.length));
    res.setHeader("Vary", "Accept-Encoding");
    // Hashed names never change (same policy as the static handler in server.js).
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    if (req.method === "HEAD") res.end();
    else res.end(body);
  };
}
