/**
 * The body limit of the two console upload routes (POST /admin/media/upload and
 * POST /admin/media/:id/file): far larger than a form's, so those routes declare a streamed body
 * (their `page` export) and the streaming code of upload.server.ts enforces it as it counts.
 * A module of its own because a route's declaration may not import a `.server` module.
 */
export const MEDIA_UPLOAD_MAX_BYTES = 2 * 1024 * 1024 * 1024;

/**
 * The largest picture the console may send in front of a video or audio file (ADR 0093: a frame or a
 * waveform its browser drew for the card; a 1920 × 1080 PNG is about 3 MB). Counted apart from the file.
 */
export const MEDIA_POSTER_MAX_BYTES = 8 * 1024 * 1024;
