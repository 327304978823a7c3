import { BackupFileError } from "./format.server";

/**
 * The records of a backup's body (ADR 0064): u8 type, u32 length, payload. Table and file data
 * come in frames of at most DATA_FRAME_BYTES between their start and end records.
 */

/** Frames the writer makes are at most this big; a larger length is damage, not data. */
export const MAX_FRAME_BYTES = 4 * 1024 * 1024;
const DATA_FRAME_BYTES = 256 * 1024;

export type FrameType =
  /** the manifest (JSON) */
  | "M"
  /** a table starts (JSON: schema, name, columns) */
  | "T"
  /** data of the current table or file */
  | "D"
  /** a table ends (JSON: rows, sha256 of its COPY text) */
  | "E"
  /** sequences (JSON) */
  | "S"
  /** a secret of DATA_DIR/secrets (JSON: name, value) */
  | "K"
  /** a stored file starts (JSON: bucket, key) */
  | "F"
  /** a stored file ends (JSON: size, sha256) */
  | "G"
  /** the trailer (JSON: counts); a file without it is cut off */
  | "Z";

export function frame(type: FrameType, payload: Buffer | object): Buffer {
  const body = Buffer.isBuffer(payload) ? payload : Buffer.from(JSON.stringify(payload));
  const header = Buffer.alloc(5);
  header[0] = type.charCodeAt(0);
  header.writeUInt32BE(body.length, 1);
  return Buffer.concat([header, body]);
}

/** Splits data into frames no larger than the reader accepts. */
export function* dataFrames(chunk: Buffer): Generator<Buffer> {
  for (let offset = 0; offset < chunk.length; offset += DATA_FRAME_BYTES) {
    yield frame("D", chunk.subarray(offset, offset + DATA_FRAME_BYTES));
  }
}

export interface Frame {
  type: FrameType;
  payload: Buffer;
}

/** The frames of a (decrypted, decompressed) body, in order. */
export async function* readFrames(source: AsyncIterable<Buffer>): AsyncGenerator<Frame> {
  let parts: Buffer[] = [];
  let bytes = 0;
  const take = (count: number) => {
    const all = parts.length === 1 ? parts[0] : Buffer.concat(parts);
    parts = [all.subarray(count)];
    bytes = all.length - count;
    return all.subarray(0, count);
  };
  const peekHeader = () => {
    const all = parts.length === 1 ? parts[0] : Buffer.concat(parts);
    parts = [all];
    return { type: String.fromCharCode(all[0]), length: all.readUInt32BE(1) };
  };
  // The whole frame's length, once its header is known: the parts are joined only when it is all there.
  let needed = 5;
  for await (const chunk of source) {
    parts.push(chunk);
    bytes += chunk.length;
    while (bytes >= needed) {
      const { type, length } = peekHeader();
      if (!"MTDESKFGZ".includes(type) || length > MAX_FRAME_BYTES) throw new BackupFileError("the file is damaged (an unknown record)");
      needed = 5 + length;
      if (bytes < needed) break;
      const whole = take(needed);
      needed = 5;
      yield { type: type as FrameType, payload: Buffer.from(whole.subarray(5)) };
    }
  }
  if (bytes > 0) throw new BackupFileError("the file is cut off in the middle of a record");
}

export function parseJson<T>(payload: Buffer): T {
  try {
    return JSON.parse(payload.toString("utf8")) as T;
  } catch {
    throw new BackupFileError("the file is damaged (an unreadable record)");
  }
}
