import { waveformSvg, WAVEFORM_HEIGHT, WAVEFORM_WIDTH } from "~/lib/waveform";

/**
 * The picture a video or audio file gets on its card (ADR 0093), drawn in the operator's browser, which
 * decodes what the server cannot (there is no ffmpeg): a video's frame at its middle (at most 3 s in,
 * where intros and countdowns have left their black start), or a sound's waveform. It travels with the
 * upload and the server reads it as an untrusted picture. Null whenever the browser cannot draw one (a
 * codec it lacks, a sound too long to decode here): the item then shows its type's icon, as before.
 */

/** Longer than this and the upload goes without a picture (the operator is waiting). */
const DRAW_TIMEOUT_MS = 15_000;
/** The largest rendition is 1440 px wide (ADR 0091): a larger frame adds bytes, not sharpness. */
const MAX_SIDE = 1440;
/** Decoding a sound holds all of it in memory as 32-bit samples: larger files get no waveform. */
const MAX_AUDIO_BYTES = 64 * 1024 * 1024;

const VIDEO = /\.(mp4|m4v|webm|mkv|mov|ogv)$/i;
const AUDIO = /\.(mp3|wav|ogg|oga|opus|flac|m4a|aac)$/i;

function withTimeout<T>(work: Promise<T>) {
  return Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), DRAW_TIMEOUT_MS))]);
}

function toWebp(canvas: HTMLCanvasElement) {
  // A browser without a WebP encoder answers PNG; the server reads either.
  return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/webp", 0.85));
}

function waitFor(target: HTMLMediaElement, event: string) {
  return new Promise<void>((resolve, reject) => {
    target.addEventListener(event, () => resolve(), { once: true });
    target.addEventListener("error", () => reject(new Error("cannot decode")), { once: true });
  });
}

async function drawVideoFrame(file: File) {
  const url = URL.createObjectURL(file);
  const video = document.createElement("video");
  try {
    video.muted = true;
    video.playsInline = true;
    video.preload = "auto";
    video.src = url;
    await waitFor(video, "loadeddata");
    // A browser recording (no duration in its header) reports Infinity: one second in.
    const at = Number.isFinite(video.duration) && video.duration > 0 ? Math.min(video.duration / 2, 3) : 1;
    const seeked = waitFor(video, "seeked");
    video.currentTime = at;
    await seeked;
    if (!video.videoWidth || !video.videoHeight) return null;
    const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    canvas.getContext("2d")?.drawImage(video, 0, 0, canvas.width, canvas.height);
    return await toWebp(canvas);
  } finally {
    video.removeAttribute("src");
    video.load();
    URL.revokeObjectURL(url);
  }
}

async function drawWaveform(file: File) {
  if (file.size > MAX_AUDIO_BYTES) return null;
  // An offline context decodes without playing anything and without the autoplay rules.
  const context = new OfflineAudioContext(1, 1, 44_100);
  const sound = await context.decodeAudioData(await file.arrayBuffer());
  const url = URL.createObjectURL(new Blob([waveformSvg(sound.getChannelData(0))], { type: "image/svg+xml" }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = WAVEFORM_WIDTH;
    canvas.height = WAVEFORM_HEIGHT;
    canvas.getContext("2d")?.drawImage(image, 0, 0);
    return await toWebp(canvas);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The card picture of `file`, or null (not a video or audio file, or the browser cannot draw it). */
export async function drawPoster(file: File): Promise<Blob | null> {
  try {
    if (file.type.startsWith("video/") || VIDEO.test(file.name)) return await withTimeout(drawVideoFrame(file));
    if (file.type.startsWith("audio/") || AUDIO.test(file.name)) return await withTimeout(drawWaveform(file));
  } catch {
    // Not drawable here: the upload goes on without a picture.
  }
  return null;
}
