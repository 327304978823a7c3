// Renders the demo catalogue's product illustrations (our own artwork) to public/images/shop/*.webp.
// Run: node scripts/shop-images.mjs
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const SIZE = 480;
const out = path.resolve("public/images/shop");
fs.mkdirSync(out, { recursive: true });

const palettes = {
  electronics: ["#1e2a5a", "#3b4fd1", "#8b9dff"],
  accessories: ["#3a1e4f", "#8a3fc2", "#d9a6ff"],
  lifestyle: ["#4a2418", "#c2562f", "#ffc2a6"],
  workspace: ["#123d35", "#1f9c7f", "#9ff0d8"],
};

const s = "stroke-linecap='round' stroke-linejoin='round'";
const drawings = {
  "studio-headphones": (c) =>
    `<path d='M150 280 v-40 a90 90 0 0 1 180 0 v40' fill='none' stroke='${c[2]}' stroke-width='18' ${s}/><rect x='125' y='270' width='55' height='90' rx='20' fill='${c[2]}'/><rect x='300' y='270' width='55' height='90' rx='20' fill='${c[2]}'/>`,
  "wireless-charging-pad": (c) =>
    `<ellipse cx='240' cy='290' rx='130' ry='45' fill='${c[2]}'/><ellipse cx='240' cy='278' rx='130' ry='45' fill='${c[1]}' stroke='${c[2]}' stroke-width='6'/><path d='M245 215 l-25 45 h30 l-25 45' fill='none' stroke='#fff' stroke-width='12' ${s}/>`,
  "desk-speaker": (c) =>
    `<rect x='165' y='130' width='150' height='230' rx='26' fill='${c[2]}'/><circle cx='240' cy='290' r='45' fill='${c[1]}'/><circle cx='240' cy='290' r='16' fill='${c[0]}'/><circle cx='240' cy='190' r='22' fill='${c[1]}'/>`,
  "usb-c-hub": (c) =>
    `<rect x='120' y='200' width='240' height='80' rx='22' fill='${c[2]}'/><rect x='150' y='228' width='30' height='24' rx='6' fill='${c[0]}'/><rect x='195' y='228' width='30' height='24' rx='6' fill='${c[0]}'/><rect x='240' y='228' width='30' height='24' rx='6' fill='${c[0]}'/><rect x='285' y='232' width='48' height='16' rx='8' fill='${c[0]}'/><path d='M360 240 h50' stroke='${c[2]}' stroke-width='14' ${s}/>`,
  "laptop-sleeve": (c) =>
    `<rect x='110' y='150' width='260' height='190' rx='24' fill='${c[2]}'/><rect x='110' y='150' width='260' height='60' rx='24' fill='${c[1]}'/><circle cx='240' cy='212' r='12' fill='${c[0]}'/>`,
  "cable-organizer": (c) =>
    `<path d='M130 300 c40 -120 80 40 120 -80 s80 40 100 -40' fill='none' stroke='${c[2]}' stroke-width='16' ${s}/><rect x='170' y='230' width='26' height='60' rx='8' fill='${c[1]}' stroke='${c[2]}' stroke-width='4'/><rect x='280' y='200' width='26' height='60' rx='8' fill='${c[1]}' stroke='${c[2]}' stroke-width='4'/>`,
  "phone-stand": (c) =>
    `<rect x='195' y='120' width='100' height='180' rx='16' fill='${c[2]}' transform='rotate(-12 245 210)'/><path d='M150 360 h180 M240 360 l-20 -70' stroke='${c[1]}' stroke-width='18' ${s}/>`,
  "travel-pouch": (c) =>
    `<rect x='120' y='180' width='240' height='150' rx='36' fill='${c[2]}'/><path d='M140 200 h200' stroke='${c[1]}' stroke-width='10' ${s}/><rect x='320' y='188' width='18' height='30' rx='6' fill='${c[0]}'/>`,
  "steel-bottle": (c) =>
    `<rect x='195' y='110' width='90' height='40' rx='10' fill='${c[1]}'/><rect x='180' y='150' width='120' height='220' rx='40' fill='${c[2]}'/><rect x='180' y='230' width='120' height='40' fill='${c[1]}'/>`,
  "founders-notebook": (c) =>
    `<rect x='150' y='120' width='190' height='250' rx='14' fill='${c[2]}'/><rect x='150' y='120' width='30' height='250' rx='8' fill='${c[1]}'/><path d='M210 190 h100 M210 230 h100 M210 270 h70' stroke='${c[0]}' stroke-width='10' ${s}/>`,
  "cotton-hoodie": (c) =>
    `<path d='M170 140 l-70 60 30 50 30 -20 v150 h160 v-150 l30 20 30 -50 -70 -60 c-20 30 -120 30 -140 0z' fill='${c[2]}'/><path d='M200 140 c10 40 70 40 80 0' fill='none' stroke='${c[1]}' stroke-width='10' ${s}/>`,
  "enamel-mug": (c) =>
    `<rect x='150' y='170' width='150' height='170' rx='18' fill='${c[2]}'/><path d='M300 210 h25 a35 35 0 0 1 0 70 h-25' fill='none' stroke='${c[2]}' stroke-width='18'/><path d='M190 120 c-10 20 10 30 0 45 M230 115 c-10 20 10 30 0 45' fill='none' stroke='${c[2]}' stroke-width='8' ${s} opacity='0.7'/>`,
  "desk-mat": (c) =>
    `<rect x='90' y='190' width='300' height='150' rx='20' fill='${c[2]}' transform='skewX(-12) translate(40 0)'/><rect x='150' y='230' width='120' height='60' rx='10' fill='${c[1]}' transform='skewX(-12) translate(40 0)'/>`,
  "monitor-stand": (c) =>
    `<rect x='130' y='130' width='220' height='130' rx='12' fill='${c[2]}'/><rect x='145' y='145' width='190' height='100' rx='6' fill='${c[0]}'/><rect x='110' y='290' width='260' height='24' rx='8' fill='${c[2]}'/><rect x='125' y='314' width='20' height='50' fill='${c[2]}'/><rect x='335' y='314' width='20' height='50' fill='${c[2]}'/>`,
  "desk-lamp": (c) =>
    `<path d='M180 370 h120 M240 370 l-50 -110 90 -90' fill='none' stroke='${c[2]}' stroke-width='16' ${s}/><path d='M250 150 l80 -20 20 70 z' fill='${c[2]}'/><path d='M330 210 l20 50' stroke='#fff8c4' stroke-width='26' opacity='0.5' ${s}/>`,
  "desk-organizer": (c) =>
    `<rect x='110' y='250' width='260' height='100' rx='14' fill='${c[2]}'/><rect x='140' y='170' width='20' height='90' rx='8' fill='${c[1]}' transform='rotate(-10 150 215)'/><rect x='175' y='180' width='16' height='80' rx='6' fill='${c[0]}'/><rect x='270' y='190' width='70' height='70' rx='10' fill='${c[1]}'/>`,
};

const categories = {
  electronics: ["studio-headphones", "wireless-charging-pad", "desk-speaker", "usb-c-hub"],
  accessories: ["laptop-sleeve", "cable-organizer", "phone-stand", "travel-pouch"],
  lifestyle: ["steel-bottle", "founders-notebook", "cotton-hoodie", "enamel-mug"],
  workspace: ["desk-mat", "monitor-stand", "desk-lamp", "desk-organizer"],
};

for (const [category, handles] of Object.entries(categories)) {
  const c = palettes[category];
  for (const handle of handles) {
    const svg = `<svg xmlns='http://www.w3.org/2000/svg' width='${SIZE}' height='${SIZE}' viewBox='0 0 480 480'>
<defs><linearGradient id='g' x1='0' y1='0' x2='1' y2='1'><stop offset='0' stop-color='${c[0]}'/><stop offset='1' stop-color='#0b0f19'/></linearGradient>
<radialGradient id='r' cx='0.5' cy='0.45' r='0.5'><stop offset='0' stop-color='${c[1]}' stop-opacity='0.55'/><stop offset='1' stop-color='${c[1]}' stop-opacity='0'/></radialGradient></defs>
<rect width='480' height='480' fill='url(#g)'/><circle cx='240' cy='240' r='220' fill='url(#r)'/>${drawings[handle](c)}</svg>`;
    await sharp(Buffer.from(svg))
      .webp({ quality: 80 })
      .toFile(path.join(out, `${handle}.webp`));
  }
}
console.log(`wrote ${Object.values(categories).flat().length} images to ${out}`);
