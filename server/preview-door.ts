import type { NextFunction, Request, Response } from "express";
import { pagePreviewOf } from "~/lib/page-preview.server";
import { refuse } from "./request-guard";
import { urlOf } from "./request-url";

/**
 * The door of preview links (ADR 0059, ADR 0014): a GET of a content page with `?preview=` is checked
 * here, before the page cache and React Router. A token that does not hold (changed, another page's or
 * language's, expired) gets a translated page saying so (403, or 410 once expired), never the draft and
 * never a 5xx. A good one goes on to the real page (its translator and head read the same check), marked
 * so that its answer is `private, no-store` (server/react-router-adapter.ts) and never indexed. Anything
 * else passes untouched: the page cache never sees a preview (and would not keep one: an unknown query).
 */
export function createPreviewDoor() {
  return async function previewDoor(req: Request, res: Response, next: NextFunction) {
    try {
      // Only a query can hold the parameter (its name may come percent-encoded: the parser decides).
      if ((req.method !== "GET" && req.method !== "HEAD") || !req.originalUrl.includes("?")) return next();
      const check = pagePreviewOf(urlOf(req));
      if (!check) return next();
      res.setHeader("X-Robots-Tag", "noindex");
      if (check.ok) {
        res.locals.preview = true;
        return next();
      }
      const expired = check.reason === "expired";
      return await refuse(req, res, expired ? 410 : 403, expired ? "previewExpired" : "previewInvalid", `preview link ${check.reason}`);
    } catch (error) {
      next(error);
    }
  };
}
