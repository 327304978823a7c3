// Additive synthesis for the demo sounds. Everything returns Float64Array samples in [-1, 1].
export const SR = 22050;

const TAU = Math.PI * 2;

function normalize(buf, peak = 0.8) {
  let max = 0;
  for (const v of buf) max = Math.max(max, Math.abs(v));
  if (max > 0) for (let i = 0; i < buf.length; i++) buf[i] = (buf[i] / max) * peak;
  // 8 ms fade in/out against clicks
  const f = Math.floor(SR * 0.008);
  for (let i = 0; i < f && i < buf.length; i++) {
    buf[i] *= i / f;
    buf[buf.length - 1 - i] *= i / f;
  }
  return buf;
}

/** A bell-like note with a few (slightly inharmonic) partials, mixed into buf at time t0. */
function bell(buf, t0, freq, amp = 1, decay = 1.6) {
  const partials = [
    [1, 1, 1],
    [2, 0.45, 1.6],
    [3, 0.22, 2.4],
    [4.17, 0.12, 3.5],
    [5.43, 0.06, 5],
  ];
  const start = Math.floor(t0 * SR);
  for (let i = start; i < buf.length; i++) {
    const t = (i - start) / SR;
    const attack = Math.min(1, t / 0.004);
    let s = 0;
    for (const [mul, a, d] of partials) s += a * Math.exp(-t * decay * d) * Math.sin(TAU * freq * mul * t);
    buf[i] += amp * attack * s;
  }
}

/** "IP Angel" sonic logo: rising C-major add9 arpeggio that lands on a shimmering chord. */
export function sonicLogo(seconds = 3) {
  const buf = new Float64Array(Math.floor(SR * seconds));
  const notes = [523.25, 659.25, 783.99, 1174.66];
  notes.forEach((f, i) => bell(buf, 0.05 + i * 0.16, f, 0.8, 1.8));
  // final chord with a low root
  [261.63, 523.25, 783.99, 1046.5, 1318.51].forEach((f, i) => bell(buf, 0.75, f, i === 0 ? 0.9 : 0.5, 0.9));
  return normalize(buf);
}

/** A soft ambient pad: A minor 9 voiced over two octaves, slow swell and gentle movement. */
export function ambientPad(seconds = 6) {
  const n = Math.floor(SR * seconds);
  const buf = new Float64Array(n);
  const chord = [110, 164.81, 261.63, 392.0, 493.88];
  for (let i = 0; i < n; i++) {
    const t = i / SR;
    const env = Math.min(1, t / 1.6) * Math.min(1, (seconds - t) / 1.8);
    let s = 0;
    chord.forEach((f, k) => {
      const lfo = 1 + 0.25 * Math.sin(TAU * (0.13 + k * 0.05) * t + k);
      for (const det of [-0.35, 0.35]) {
        const ff = f + det;
        for (let h = 1; h <= 5; h++) s += (lfo * Math.sin(TAU * ff * h * t + k * h)) / (h * h * 1.5);
      }
    });
    buf[i] = env * s;
  }
  return normalize(buf, 0.7);
}

/** Three short UI notifications: a two-tone "ding-dong", a rising "pop" and a success triad. */
export function notificationChimes(seconds = 2.6) {
  const n = Math.floor(SR * seconds);
  const buf = new Float64Array(n);
  bell(buf, 0.02, 783.99, 0.8, 4);
  bell(buf, 0.2, 659.25, 0.8, 3);
  // rising pop (sine sweep with fast decay)
  const start = Math.floor(0.95 * SR);
  let phase = 0;
  for (let i = start; i < Math.min(n, start + SR * 0.25); i++) {
    const t = (i - start) / SR;
    const f = 500 + 2400 * t;
    phase += (TAU * f) / SR;
    buf[i] += 0.9 * Math.exp(-t * 18) * Math.sin(phase);
  }
  [1046.5, 1318.51, 1567.98].forEach((f, i) => bell(buf, 1.55 + i * 0.09, f, 0.6, 3));
  return normalize(buf);
}
