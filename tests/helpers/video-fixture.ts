import fs from "node:fs";
import path from "node:path";

/**
 * A real MP4 of any size: the demo library's short clip followed by one `free` box of padding
 * (players and parsers skip it), so a 50 MB upload is measured like any video.
 */
export function makePaddedMp4(targetBytes: number) {
  const clip = fs.readFileSync(path.resolve("seed/files/ip-angel-logo-sting.mp4"));
  const padding = Math.max(8, targetBytes - clip.length);
  const box = Buffer.alloc(padding);
  box.writeUInt32BE(padding, 0);
  box.write("free", 4, "latin1");
  return Buffer.concat([clip, box]);
}
