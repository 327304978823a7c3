/**
 * The picture of a sound (ADR 0093): its waveform as an SVG, 16:9 like a media card, drawn from its
 * samples. The console draws it in the operator's browser from a decoded audio file; the demo library's
 * posters are drawn by the same function (scripts/demo-library/posters.ts), so both look alike.
 */

export const WAVEFORM_WIDTH = 1440;
export const WAVEFORM_HEIGHT = 810;
/** Bars across the picture: enough to show the sound's shape, few enough to read at card size. */
const BARS = 96;
/** The site's colours (app.css: muted, primary, accent). */
const BACKGROUND = "#1b2334";
const FROM = "#8b9dff";
const TO = "#5eead4";

/** The loudest sample of each of `bars` equal slices, 0–1. */
export function waveformPeaks(samples: ArrayLike<number>, bars = BARS) {
  const peaks: number[] = [];
  const slice = Math.max(1, Math.floor(samples.length / bars));
  for (let bar = 0; bar < bars; bar++) {
    let peak = 0;
    const end = Math.min(samples.length, (bar + 1) * slice);
    for (let index = bar * slice; index < end; index++) peak = Math.max(peak, Math.abs(samples[index] ?? 0));
    peaks.push(Math.min(1, peak));
  }
  return peaks;
}

/** The waveform of `samples` (one channel, −1 to 1) as an SVG document; louder parts are taller bars, scaled to the loudest. */
export function waveformSvg(samples: ArrayLike<number>) {
  const peaks = waveformPeaks(samples);
  const loudest = Math.max(...peaks, 0.01);
  const pitch = WAVEFORM_WIDTH / (peaks.length + 2);
  const bar = pitch * 0.6;
  const middle = WAVEFORM_HEIGHT / 2;
  const reach = WAVEFORM_HEIGHT * 0.36;
  const bars = peaks
    .map((peak, index) => {
      const height = Math.max(bar, (peak / loudest) * reach * 2);
      const x = pitch * (index + 1) + (pitch - bar) / 2;
      return `<rect x="${x.toFixed(1)}" y="${(middle - height / 2).toFixed(1)}" width="${bar.toFixed(1)}" height="${height.toFixed(1)}" rx="${(bar / 2).toFixed(1)}"/>`;
    })
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WAVEFORM_WIDTH}" height="${WAVEFORM_HEIGHT}" viewBox="0 0 ${WAVEFORM_WIDTH} ${WAVEFORM_HEIGHT}">` +
    `<defs><linearGradient id="g" gradientUnits="userSpaceOnUse" x1="0" x2="${WAVEFORM_WIDTH}" y1="0" y2="0"><stop offset="0" stop-color="${FROM}"/><stop offset="1" stop-color="${TO}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="${BACKGROUND}"/><g fill="url(#g)">${bars}</g></svg>`
  );
}
