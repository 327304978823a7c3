// Renders the Open Graph / Twitter preview image (1200x630 PNG) from an SVG of the brand.
// Run once after changing the brand: `node scripts/og-image.mjs` (writes public/og-image.png).
import sharp from "sharp";

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a5b4fc"/><stop offset="1" stop-color="#5eead4"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0" r="0.8"><stop offset="0" stop-color="#8b9dff" stop-opacity="0.28"/><stop offset="1" stop-color="#0b0f19" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="1200" height="630" fill="#0b0f19"/>
  <rect width="1200" height="630" fill="url(#glow)"/>
  <g transform="translate(520 120) scale(5)">
    <rect width="32" height="32" rx="8" fill="#141b2b" stroke="#273148" stroke-width="0.4"/>
    <path d="M16 5l9 22h-4.2l-1.8-4.6h-6L11.2 27H7zm0 7.2l-2 5.6h4z" fill="url(#g)"/>
  </g>
  <text x="600" y="400" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="84" font-weight="700" fill="#f3f5f9">IP Angel</text>
  <text x="600" y="470" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="34" fill="#a9b3c6">Knowledge · Systems · Technology</text>
  <rect x="450" y="520" width="300" height="6" rx="3" fill="url(#g)"/>
</svg>`;

await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile("public/og-image.png");
console.log("wrote public/og-image.png");
