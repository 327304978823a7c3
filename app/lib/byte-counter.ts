import { Transform } from "node:stream";

/** A pass-through stream that counts the bytes going through it (uploads to S3, backup files). */
export function byteCounter() {
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  return { stream, bytes: () => bytes };
}
