// Duration and frame size of a Matroska or WebM file by reading its elements in order (untrusted-file
// child only). Browser recorders (MediaRecorder) write WebM as a live stream: the Segment and its
// Clusters have "unknown size" and Info has no Duration, which general parsers refuse. Here the
// duration is measured from the blocks' timecodes, as a player does when it reaches the end.
import fs from "node:fs";

const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const VIDEO = 0xe0;
const PIXEL_WIDTH = 0xb0;
const PIXEL_HEIGHT = 0xba;
const CLUSTER = 0x1f43b675;
const CLUSTER_TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
/** Elements whose children are read (descended into); every other element is skipped by its size. */
const MASTERS = new Set([SEGMENT, INFO, TRACKS, TRACK_ENTRY, VIDEO, CLUSTER, BLOCK_GROUP]);
const CHUNK = 64 * 1024;

class Reader {
  constructor(handle, size) {
    this.handle = handle;
    this.size = size;
    this.buffer = Buffer.alloc(0);
    this.start = 0;
  }

  /** `length` bytes at `position` (fewer at the end of the file). */
  async bytes(position, length) {
    if (position < this.start || position + length > this.start + this.buffer.length) {
      const buffer = Buffer.alloc(Math.max(CHUNK, length));
      const { bytesRead } = await this.handle.read(buffer, 0, buffer.length, position);
      this.buffer = buffer.subarray(0, bytesRead);
      this.start = position;
    }
    return this.buffer.subarray(position - this.start, position - this.start + length);
  }
}

/** A variable-length integer: its length from the first byte's leading zeros (at most `max` bytes). */
function vint(bytes, max, keepMarker) {
  const first = bytes[0];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (length > max || bytes.length < length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let index = 1; index < length; index += 1) {
    value = value * 256 + bytes[index];
    if (bytes[index] !== 0xff) allOnes = false;
  }
  return { length, value, unknown: !keepMarker && allOnes };
}

function unsigned(bytes) {
  let value = 0;
  for (const byte of bytes) value = value * 256 + byte;
  return value;
}

/**
 * `{ durationMs, width, height }` of a Matroska/WebM file, or undefined when it is not one. The
 * stated Duration wins; without one, the last block's time is the duration.
 */
export async function probeMatroska(file) {
  const handle = await fs.promises.open(file, "r");
  try {
    const { size } = await handle.stat();
    const reader = new Reader(handle, size);
    const head = await reader.bytes(0, 4);
    if (head.length < 4 || head.readUInt32BE(0) !== EBML) return undefined;
    let scale = 1_000_000;
    let stated;
    let width = null;
    let height = null;
    let cluster = 0;
    let last = null;
    let position = 0;
    while (position < size) {
      const header = await reader.bytes(position, 12);
      const id = vint(header, 4, true);
      const length = id && vint(header.subarray(id.length), 8, false);
      if (!id || !length) break;
      const data = position + id.length + length.length;
      if (MASTERS.has(id.value)) {
        position = data;
        continue;
      }
      // Only a master may have an unknown size: anything else is damage; what was read so far counts.
      if (length.unknown) break;
      const content =
        id.value === SIMPLE_BLOCK || id.value === BLOCK
          ? await reader.bytes(data, 11)
          : await reader.bytes(data, Math.min(length.value, 8));
      if (id.value === TIMECODE_SCALE) scale = unsigned(content) || scale;
      else if (id.value === DURATION && (length.value === 4 || length.value === 8))
        stated = length.value === 4 ? content.readFloatBE(0) : content.readDoubleBE(0);
      else if (id.value === PIXEL_WIDTH) width ??= unsigned(content);
      else if (id.value === PIXEL_HEIGHT) height ??= unsigned(content);
      else if (id.value === CLUSTER_TIMECODE) cluster = unsigned(content);
      else if (id.value === SIMPLE_BLOCK || id.value === BLOCK) {
        const track = vint(content, 8, false);
        if (track && content.length >= track.length + 2) {
          const time = cluster + content.readInt16BE(track.length);
          last = last === null ? time : Math.max(last, time);
        }
      }
      position = data + length.value;
    }
    const ticks = Number.isFinite(stated) && stated > 0 ? stated : last;
    return {
      durationMs: ticks === null || ticks === undefined ? null : Math.round((ticks * scale) / 1_000_000),
      width: width || null,
      height: height || null,
    };
  } finally {
    await handle.close();
  }
}
