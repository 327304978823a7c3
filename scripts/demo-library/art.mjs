// SVG art for the demo library (rendered to PNG/JPEG/WebP and video frames with sharp).
// Palette follows the site's dark theme (app/app.css) and the favicon's indigo-to-teal gradient.
import { rng, xmlEscape } from "./lib.mjs";

export const C = {
  bg: "#0b0f19",
  card: "#121826",
  border: "#273148",
  fg: "#f3f5f9",
  muted: "#a9b3c6",
  indigo: "#a5b4fc",
  primary: "#8b9dff",
  teal: "#5eead4",
  violet: "#c4b5fd",
  amber: "#fbbf24",
  rose: "#fb7185",
};

const FONT = "DejaVu Sans, Liberation Sans, sans-serif";
/** The "A" of the favicon, drawn in a 32x32 box. */
const A_PATH = "M16 5l9 22h-4.2l-1.8-4.6h-6L11.2 27H7zm0 7.2l-2 5.6h4z";

const brandGradient = (id, x1 = 0, y1 = 0, x2 = 1, y2 = 1, shift = 0) => `
  <linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">
    <stop offset="${Math.max(0, shift)}" stop-color="${C.indigo}"/>
    <stop offset="${Math.min(1, 0.55 + shift)}" stop-color="${C.primary}"/>
    <stop offset="1" stop-color="${C.teal}"/>
  </linearGradient>`;

/**
 * The mark: the "A" with a halo. (cx, cy) is the center of the A's box, s its edge length.
 * progress in [0,1] animates halo (stroke) and letter (opacity/scale).
 */
function mark(cx, cy, s, { halo = 1, letter = 1, grad = "brand" } = {}) {
  const k = s / 32;
  const scale = 0.85 + 0.15 * letter;
  const haloLen = Math.PI * 2 * s * 0.3; // approx ellipse perimeter for the dash animation
  return `
  <g>
    <ellipse cx="${cx}" cy="${cy - s * 0.5}" rx="${s * 0.3}" ry="${s * 0.085}" fill="none"
      stroke="url(#${grad})" stroke-width="${s * 0.035}" stroke-linecap="round"
      stroke-dasharray="${haloLen * halo} ${haloLen}" opacity="${Math.min(1, halo * 1.5)}"/>
    <g opacity="${letter}" transform="translate(${cx} ${cy}) scale(${scale}) translate(${-16 * k} ${-16 * k}) scale(${k})">
      <path d="${A_PATH}" fill="url(#${grad})"/>
    </g>
  </g>`;
}

/** Logo pack master: square mark with wordmark, 1024 x 1024. */
export function logoSvg(size = 1024) {
  const s = size;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">
  <defs>${brandGradient("brand")}
    <radialGradient id="glow" cx="0.5" cy="0.42" r="0.55">
      <stop offset="0" stop-color="${C.primary}" stop-opacity="0.28"/>
      <stop offset="1" stop-color="${C.bg}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${s}" height="${s}" rx="${s * 0.08}" fill="${C.bg}"/>
  <rect width="${s}" height="${s}" rx="${s * 0.08}" fill="url(#glow)"/>
  ${mark(s / 2, s * 0.45, s * 0.5)}
  <text x="${s / 2}" y="${s * 0.82}" text-anchor="middle" font-family="${FONT}" font-weight="bold"
    font-size="${s * 0.085}" letter-spacing="${s * 0.02}" fill="${C.fg}">IP ANGEL</text>
  <text x="${s / 2}" y="${s * 0.885}" text-anchor="middle" font-family="${FONT}"
    font-size="${s * 0.028}" letter-spacing="${s * 0.006}" fill="${C.muted}">TECHNOLOGY · MEDIA · OPEN SOURCE</text>
</svg>`;
}

/** Aurora wallpaper: soft blurred colour fields over a faint grid. */
export function auroraSvg(w = 1920, h = 1080) {
  const r = rng(7);
  const blobs = [
    [0.18, 0.3, 0.42, C.primary, 0.55],
    [0.62, 0.22, 0.38, C.teal, 0.4],
    [0.85, 0.7, 0.45, "#7c3aed", 0.45],
    [0.35, 0.85, 0.35, "#0ea5e9", 0.3],
  ];
  let grid = "";
  for (let x = 0; x <= w; x += 80) grid += `<line x1="${x}" y1="0" x2="${x}" y2="${h}"/>`;
  for (let y = 0; y <= h; y += 80) grid += `<line x1="0" y1="${y}" x2="${w}" y2="${y}"/>`;
  let dots = "";
  for (let i = 0; i < 90; i++)
    dots += `<circle cx="${(r() * w).toFixed(1)}" cy="${(r() * h).toFixed(1)}" r="${(0.6 + r() * 1.6).toFixed(2)}" opacity="${(0.2 + r() * 0.6).toFixed(2)}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${w * 0.06}"/></filter>
    <filter id="soft" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="${w * 0.018}"/></filter>
    <linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.bg}" stop-opacity="0"/><stop offset="1" stop-color="${C.bg}" stop-opacity="0.85"/></linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="${C.bg}"/>
  <g filter="url(#blur)">${blobs
    .map(
      ([x, y, rr, col, op]) => `<ellipse cx="${x * w}" cy="${y * h}" rx="${rr * w}" ry="${rr * h * 0.7}" fill="${col}" opacity="${op}"/>`,
    )
    .join("")}</g>
  <g fill="none" stroke-linecap="round" filter="url(#soft)">
    <path d="M${-0.05 * w} ${0.5 * h} C ${0.25 * w} ${0.18 * h}, ${0.55 * w} ${0.62 * h}, ${1.05 * w} ${0.28 * h}" stroke="${C.teal}" stroke-width="${h * 0.07}" opacity="0.45"/>
    <path d="M${-0.05 * w} ${0.62 * h} C ${0.3 * w} ${0.34 * h}, ${0.6 * w} ${0.78 * h}, ${1.05 * w} ${0.42 * h}" stroke="${C.violet}" stroke-width="${h * 0.04}" opacity="0.35"/>
  </g>
  <g stroke="${C.fg}" stroke-opacity="0.05" stroke-width="1">${grid}</g>
  <g fill="${C.fg}">${dots}</g>
  <rect width="${w}" height="${h}" fill="url(#fade)"/>
</svg>`;
}

/** Dusk over a row of old gabled houses on the river, with a modern skyline behind. */
export function housesSvg(w = 1600, h = 900) {
  const r = rng(42);
  const base = Math.round(h * 0.74);
  // skyline
  let sky = "";
  let x = -20;
  while (x < w) {
    const bw = 50 + r() * 70;
    const bh = 180 + r() * 300;
    const col = ["#2a1f4a", "#31255a", "#261c44"][Math.floor(r() * 3)];
    sky += `<rect x="${x.toFixed(1)}" y="${(base - bh).toFixed(1)}" width="${bw.toFixed(1)}" height="${bh.toFixed(1)}" fill="${col}"/>`;
    if (r() < 0.35)
      sky += `<polygon points="${x},${base - bh} ${x + bw / 2},${base - bh - 40 - r() * 40} ${x + bw},${base - bh}" fill="${col}"/>`;
    else if (r() < 0.3)
      sky += `<rect x="${x + bw / 2 - 2}" y="${base - bh - 50}" width="4" height="50" fill="${col}"/><circle cx="${x + bw / 2}" cy="${base - bh - 52}" r="3" fill="${C.rose}"/>`;
    for (let wy = base - bh + 12; wy < base - 150; wy += 14)
      for (let wx = x + 6; wx < x + bw - 8; wx += 10)
        if (r() < 0.18)
          sky += `<rect x="${wx.toFixed(1)}" y="${wy.toFixed(1)}" width="5" height="7" fill="#fde68a" opacity="${(0.35 + r() * 0.5).toFixed(2)}"/>`;
    x += bw + 6 + r() * 30;
  }
  // gabled houses
  const walls = ["#7f1d1d", "#9a3412", "#a16207", "#115e59", "#3f3f46", "#7c2d12", "#1e3a8a", "#854d0e"];
  let houses = "";
  x = -10;
  while (x < w) {
    const hw = 90 + r() * 60;
    const hh = 130 + r() * 90;
    const gh = 60 + r() * 50;
    const top = base - hh;
    const wall = walls[Math.floor(r() * walls.length)];
    const stepped = r() < 0.4;
    let roof;
    if (stepped) {
      const steps = 4;
      let pts = `${x},${top} `;
      for (let i = 0; i < steps; i++) {
        const sx = x + (hw / 2) * (i / steps);
        const sy = top - gh * ((i + 1) / steps);
        pts += `${sx.toFixed(1)},${(top - (gh * i) / steps).toFixed(1)} ${sx.toFixed(1)},${sy.toFixed(1)} `;
      }
      for (let i = steps - 1; i >= 0; i--) {
        const sx = x + hw - (hw / 2) * (i / steps);
        const sy = top - gh * ((i + 1) / steps);
        pts += `${sx.toFixed(1)},${sy.toFixed(1)} ${sx.toFixed(1)},${(top - (gh * i) / steps).toFixed(1)} `;
      }
      pts += `${x + hw},${top}`;
      roof = `<polygon points="${pts}" fill="${wall}"/>`;
    } else {
      roof = `<polygon points="${x - 4},${top} ${x + hw / 2},${top - gh} ${x + hw + 4},${top}" fill="#1f2937"/>`;
    }
    houses += `<rect x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${hw.toFixed(1)}" height="${hh.toFixed(1)}" fill="${wall}"/>${roof}`;
    // timber frame
    if (!stepped) {
      houses += `<g stroke="#1c1917" stroke-width="3" opacity="0.75">`;
      for (let fy = top + hh / 3; fy < base; fy += hh / 3)
        houses += `<line x1="${x}" y1="${fy.toFixed(1)}" x2="${x + hw}" y2="${fy.toFixed(1)}"/>`;
      houses += `<line x1="${x}" y1="${top + hh / 3}" x2="${x + hw / 3}" y2="${top}"/><line x1="${x + hw}" y1="${top + hh / 3}" x2="${x + (2 * hw) / 3}" y2="${top}"/></g>`;
    }
    // windows
    const cols = Math.max(2, Math.floor(hw / 32));
    const rows = Math.max(2, Math.floor(hh / 48));
    for (let ry = 0; ry < rows; ry++)
      for (let cx = 0; cx < cols; cx++) {
        const wx = x + (hw / cols) * (cx + 0.5) - 8;
        const wy = top + 16 + ry * ((hh - 40) / rows);
        const lit = r() < 0.55;
        houses += `<rect x="${wx.toFixed(1)}" y="${wy.toFixed(1)}" width="16" height="22" rx="2" fill="${lit ? "#fde68a" : "#1e1b2e"}" opacity="${lit ? (0.75 + r() * 0.25).toFixed(2) : 0.9}"/>`;
      }
    // gable window
    houses += `<circle cx="${(x + hw / 2).toFixed(1)}" cy="${(top - gh / 3).toFixed(1)}" r="7" fill="${r() < 0.6 ? "#fcd34d" : "#1e1b2e"}"/>`;
    x += hw + 2;
  }
  let stars = "";
  for (let i = 0; i < 120; i++)
    stars += `<circle cx="${(r() * w).toFixed(1)}" cy="${(r() * h * 0.4).toFixed(1)}" r="${(0.5 + r() * 1.3).toFixed(2)}" opacity="${(0.3 + r() * 0.7).toFixed(2)}"/>`;
  let ripples = "";
  for (let i = 0; i < 110; i++) {
    const ry = base + 6 + Math.pow(r(), 1.4) * (h - base);
    const rl = 20 + r() * 90;
    ripples += `<line x1="${(r() * w).toFixed(1)}" y1="${ry.toFixed(1)}" x2="${(r() * w + rl).toFixed(1)}" y2="${ry.toFixed(1)}" opacity="${(0.08 + r() * 0.25).toFixed(2)}"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0f0c29"/><stop offset="0.35" stop-color="#3b1d6e"/>
      <stop offset="0.62" stop-color="#b4457a"/><stop offset="0.74" stop-color="#f59e0b"/><stop offset="1" stop-color="#fdba74"/>
    </linearGradient>
    <linearGradient id="water" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#3b2a5e"/><stop offset="1" stop-color="#0b1020"/>
    </linearGradient>
    <radialGradient id="moonglow"><stop offset="0" stop-color="#fff7ed" stop-opacity="0.55"/><stop offset="1" stop-color="#fff7ed" stop-opacity="0"/></radialGradient>
    <clipPath id="river"><rect x="0" y="${base}" width="${w}" height="${h - base}"/></clipPath>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <g fill="#fff">${stars}</g>
  <circle cx="${w * 0.78}" cy="${h * 0.2}" r="120" fill="url(#moonglow)"/>
  <circle cx="${w * 0.78}" cy="${h * 0.2}" r="42" fill="#fef3c7"/>
  <g id="town">${sky}${houses}</g>
  <rect x="0" y="${base}" width="${w}" height="${h - base}" fill="url(#water)"/>
  <g clip-path="url(#river)" opacity="0.32"><use xlink:href="#town" transform="translate(0 ${2 * base}) scale(1 -1)"/></g>
  <rect x="0" y="${base - 4}" width="${w}" height="8" fill="#1c1428"/>
  <g stroke="#fde68a" stroke-width="2" stroke-linecap="round">${ripples}</g>
</svg>`;
}

/** Open Graph / social card template with placeholder copy, 1200 x 630. */
export function socialCardSvg(w = 1200, h = 630) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>${brandGradient("brand")}${brandGradient("edge", 0, 0, 1, 0)}
    <radialGradient id="orb" cx="0.35" cy="0.35" r="0.75"><stop offset="0" stop-color="${C.teal}" stop-opacity="0.9"/><stop offset="0.6" stop-color="${C.primary}" stop-opacity="0.55"/><stop offset="1" stop-color="${C.bg}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="${C.bg}"/>
  <clipPath id="inner"><rect x="24" y="24" width="${w - 48}" height="${h - 48}" rx="28"/></clipPath>
  <g clip-path="url(#inner)">
  <circle cx="${w - 180}" cy="${h / 2}" r="300" fill="url(#orb)" opacity="0.55"/>
  <g fill="none" stroke="${C.fg}" stroke-opacity="0.12">
    <circle cx="${w - 180}" cy="${h / 2}" r="200"/><circle cx="${w - 180}" cy="${h / 2}" r="260"/><circle cx="${w - 180}" cy="${h / 2}" r="140"/>
  </g></g>
  <rect x="24" y="24" width="${w - 48}" height="${h - 48}" rx="28" fill="none" stroke="url(#edge)" stroke-width="3"/>
  ${mark(104, 118, 72)}
  <text x="156" y="132" font-family="${FONT}" font-weight="bold" font-size="30" fill="${C.fg}" letter-spacing="3">IP ANGEL</text>
  <rect x="80" y="200" width="150" height="36" rx="18" fill="${C.primary}" fill-opacity="0.16" stroke="${C.primary}" stroke-opacity="0.5"/>
  <text x="155" y="224" text-anchor="middle" font-family="${FONT}" font-size="16" font-weight="bold" letter-spacing="2" fill="${C.primary}">TEMPLATE</text>
  <text x="80" y="320" font-family="${FONT}" font-weight="bold" font-size="64" fill="${C.fg}">Your headline</text>
  <text x="80" y="396" font-family="${FONT}" font-weight="bold" font-size="64" fill="url(#brand)">goes right here</text>
  <text x="80" y="456" font-family="${FONT}" font-size="26" fill="${C.muted}">A short supporting line of up to about sixty characters.</text>
  <line x1="80" y1="520" x2="${w - 80}" y2="520" stroke="${C.border}" stroke-width="2"/>
  <text x="80" y="560" font-family="${FONT}" font-size="20" fill="${C.muted}">IP Angel · Open Source Media Library</text>
  <text x="${w - 80}" y="560" text-anchor="end" font-family="${FONT}" font-size="20" fill="${C.muted}">1200 × 630</text>
</svg>`;
}

/** Truchet-style geometric tiles, 800 x 800. */
export function patternSvg(s = 800, n = 8) {
  const r = rng(2026);
  const t = s / n;
  const cols = [C.primary, C.teal, C.indigo, "#7c3aed", C.amber, C.rose];
  let tiles = "";
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const x = i * t;
      const y = j * t;
      const c1 = cols[Math.floor(r() * cols.length)];
      const kind = Math.floor(r() * 4);
      const rot = Math.floor(r() * 4) * 90;
      let shape;
      if (kind === 0) shape = `<path d="M0 0 H${t} A${t} ${t} 0 0 1 0 ${t} Z" fill="${c1}"/>`;
      else if (kind === 1) shape = `<polygon points="0,0 ${t},0 0,${t}" fill="${c1}"/>`;
      else if (kind === 2)
        shape = `<circle cx="${t / 2}" cy="${t / 2}" r="${t * 0.32}" fill="${c1}"/><circle cx="${t / 2}" cy="${t / 2}" r="${t * 0.14}" fill="${C.card}"/>`;
      else
        shape = `<rect x="0" y="0" width="${t / 2}" height="${t}" fill="${c1}"/><path d="M${t / 2} 0 A${t / 2} ${t / 2} 0 0 1 ${t / 2} ${t}" fill="${c1}" opacity="0.5"/>`;
      tiles += `<g transform="translate(${x} ${y}) rotate(${rot} ${t / 2} ${t / 2})"><rect width="${t}" height="${t}" fill="${C.card}"/>${shape}</g>`;
    }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">${tiles}</svg>`;
}

const clamp01 = (v) => Math.max(0, Math.min(1, v));
const ease = (v) => 1 - Math.pow(1 - clamp01(v), 3);

/** One frame of the logo sting at time t (seconds), 480 x 270. */
export function stingFrame(t, w = 480, h = 270) {
  const halo = ease(t / 1.0);
  const letter = ease((t - 0.5) / 0.9);
  const word = ease((t - 1.4) / 0.8);
  const tag = ease((t - 2.0) / 0.8);
  const shift = 0.25 * Math.sin(t * 1.6);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>${brandGradient("brand", 0, 0, 1, 1, shift * 0.4)}
    <radialGradient id="glow" cx="0.5" cy="0.4" r="0.6"><stop offset="0" stop-color="${C.primary}" stop-opacity="${0.3 * halo}"/><stop offset="1" stop-color="${C.bg}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="${C.bg}"/><rect width="${w}" height="${h}" fill="url(#glow)"/>
  ${mark(w / 2, h * 0.4, 120, { halo, letter })}
  <text x="${w / 2}" y="${h * 0.78 + (1 - word) * 14}" opacity="${word}" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="30" letter-spacing="6" fill="${C.fg}">IP ANGEL</text>
  <text x="${w / 2}" y="${h * 0.88}" opacity="${tag}" text-anchor="middle" font-family="${FONT}" font-size="11" letter-spacing="3" fill="${C.muted}">TECHNOLOGY · MEDIA · OPEN SOURCE</text>
</svg>`;
}

/** One frame of a countdown (Spanish label) at time t of total seconds, 480 x 270. */
export function countdownFrame(t, total = 5, label = "EMPEZAMOS EN", w = 480, h = 270) {
  const n = Math.max(1, total - Math.floor(t));
  const frac = t - Math.floor(t);
  const R = 78;
  const circ = 2 * Math.PI * R;
  const pulse = 1 + 0.06 * Math.max(0, 1 - frac * 4);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>${brandGradient("brand")}
    <radialGradient id="glow" cx="0.5" cy="0.55" r="0.6"><stop offset="0" stop-color="${C.teal}" stop-opacity="0.18"/><stop offset="1" stop-color="${C.bg}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="${C.bg}"/><rect width="${w}" height="${h}" fill="url(#glow)"/>
  <text x="${w / 2}" y="38" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="15" letter-spacing="4" fill="${C.muted}">${xmlEscape(label)}</text>
  <circle cx="${w / 2}" cy="${h / 2 + 16}" r="${R}" fill="none" stroke="${C.border}" stroke-width="10"/>
  <circle cx="${w / 2}" cy="${h / 2 + 16}" r="${R}" fill="none" stroke="url(#brand)" stroke-width="10" stroke-linecap="round"
    stroke-dasharray="${(circ * (1 - frac)).toFixed(2)} ${circ.toFixed(2)}" transform="rotate(-90 ${w / 2} ${h / 2 + 16})"/>
  <g transform="translate(${w / 2} ${h / 2 + 16}) scale(${pulse.toFixed(3)})">
    <text x="0" y="30" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="88" fill="${C.fg}">${n}</text>
  </g>
</svg>`;
}

/**
 * The camera pan's frame `i` of `n` across the 1600 × 900 houses illustration: the part of it shown
 * (for sharp's extract), zooming in slowly while it moves right.
 */
export function panCrop(i, n) {
  const k = i / (n - 1);
  const e = k * k * (3 - 2 * k); // smoothstep
  const width = Math.round(1120 - 160 * e);
  const height = Math.round((width * 9) / 16);
  const left = Math.round((1600 - width) * (0.05 + 0.9 * e));
  const top = Math.round(330 - 230 * e * 0.5 - (height - 540) * 0.5);
  return { left, top: Math.max(0, Math.min(900 - height, top)), width, height };
}
