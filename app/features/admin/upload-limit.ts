/**
 * The body limit of the two console upload routes (POST /admin/media/upload and
 * POST /admin/media/:id/file): far larger than a form's, so those routes declare a streamed body
 * (their `page` export) and the streaming code of upload.server.ts enforces it as it counts.
 * A module of its own because a route's declaration may not import a `.server` module.
 */
export const MEDIA_UPLOAD_MAX_BYTES = 2 * 1024 * 1024 * 1024;
