import { createCipheriv, createDecipheriv, createHmac, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import { Transform, type TransformCallback } from "node:stream";

/**
 * The backup file (ADR 0064): one file, written as a stream and read as a stream.
 *
 *   "IPANGEL-BACKUP\n"  u32 length  envelope (JSON)  body
 *
 * The envelope says how the body is packed. The body is a gzip stream of frames
 * (u8 type, u32 length, payload); encrypted, that gzip stream is cut into chunks of at most
 * CHUNK_BYTES, each sealed with AES-256-GCM under a key derived from the passphrase with scrypt
 * and a random salt of this file. A chunk's nonce is its number and its additional data its
 * number and whether it is the last one, so chunks cannot be reordered, dropped or cut off
 * unnoticed. Unencrypted, gzip's CRC and length and the frames' checksums and trailer do that.
 */

export const MAGIC = Buffer.from("IPANGEL-BACKUP\n");
export const FORMAT_VERSION = 1;
const MAX_ENVELOPE_BYTES = 16 * 1024;
const CHUNK_BYTES = 1024 * 1024;
const FINAL_FLAG = 0x8000_0000;
const TAG_BYTES = 16;
const SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;
const CHECK_LABEL = "ipangel-backup passphrase check";

export interface Envelope {
  format: number;
  compression: "gzip";
  encryption: null | {
    cipher: "aes-256-gcm";
    kdf: "scrypt";
    salt: string;
    N: number;
    r: number;
    p: number;
    /** HMAC of a fixed label under the check half of the derived key: tells a wrong passphrase from damage. */
    check: string;
  };
}

/** A file that is not a backup, is damaged or cut off, or cannot be opened with the given passphrase. */
export class BackupFileError extends Error {
  override name = "BackupFileError";
}

interface Keys {
  key: Buffer;
  check: Buffer;
}

function deriveKeys(passphrase: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Keys> {
  return new Promise((resolve, reject) => {
    scrypt(passphrase.normalize("NFC"), salt, 64, { ...params, maxmem: 256 * params.N * params.r }, (error, derived) => {
      if (error) reject(error);
      else resolve({ key: derived.subarray(0, 32), check: derived.subarray(32) });
    });
  });
}

const checkValue = (keys: Keys) => createHmac("sha256", keys.check).update(CHECK_LABEL).digest();

/** The bytes before the body, and the key the body is sealed with (none without a passphrase). */
export async function newEnvelope(passphrase: string | undefined): Promise<{ prefix: Buffer; key?: Buffer }> {
  let envelope: Envelope = { format: FORMAT_VERSION, compression: "gzip", encryption: null };
  let key: Buffer | undefined;
  if (passphrase) {
    const salt = randomBytes(16);
    const keys = await deriveKeys(passphrase, salt, SCRYPT);
    key = keys.key;
    envelope = {
      ...envelope,
      encryption: {
        cipher: "aes-256-gcm",
        kdf: "scrypt",
        salt: salt.toString("base64"),
        ...SCRYPT,
        check: checkValue(keys).toString("base64"),
      },
    };
  }
  const json = Buffer.from(JSON.stringify(envelope));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return { prefix: Buffer.concat([MAGIC, length, json]), key };
}

/** Reads and checks a backup file's envelope; returns it, where the body starts and the body's key. */
export async function openEnvelope(file: string, passphrase: string | undefined) {
  const handle = await fs.promises.open(file, "r").catch((error: NodeJS.ErrnoException) => {
    throw new BackupFileError(`cannot open ${file}: ${error.code === "ENOENT" ? "no such file" : error.message}`);
  });
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(MAGIC.length + 4 + MAX_ENVELOPE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const notABackup = new BackupFileError(`${file} is not a backup made by npm run backup`);
  if (head.length < MAGIC.length + 4 || !head.subarray(0, MAGIC.length).equals(MAGIC)) throw notABackup;
  const length = head.readUInt32BE(MAGIC.length);
  const start = MAGIC.length + 4;
  if (length > MAX_ENVELOPE_BYTES || head.length < start + length) throw notABackup;
  let envelope: Envelope;
  try {
    envelope = JSON.parse(head.subarray(start, start + length).toString("utf8")) as Envelope;
  } catch {
    throw notABackup;
  }
  if (envelope.format !== FORMAT_VERSION || envelope.compression !== "gzip") {
    throw new BackupFileError(`${file} has backup format ${String(envelope.format)}, which this version cannot read`);
  }
  let key: Buffer | undefined;
  const sealed = envelope.encryption;
  if (sealed) {
    if (sealed.cipher !== "aes-256-gcm" || sealed.kdf !== "scrypt") throw notABackup;
    if (!passphrase) throw new BackupFileError(`${file} is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with`);
    if (![sealed.N, sealed.r, sealed.p].every(Number.isSafeInteger) || sealed.N > 2 ** 20 || sealed.r > 32 || sealed.p > 16)
      throw notABackup;
    const keys = await deriveKeys(passphrase, Buffer.from(sealed.salt, "base64"), sealed);
    const expected = Buffer.from(sealed.check, "base64");
    const actual = checkValue(keys);
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
      throw new BackupFileError(`wrong passphrase: BACKUP_PASSPHRASE does not open ${file}`);
    }
    key = keys.key;
  }
  return { envelope, bodyStart: start + length, key };
}

function nonceOf(index: number) {
  const nonce = Buffer.alloc(12);
  nonce.writeBigUInt64BE(BigInt(index), 4);
  return nonce;
}

function additionalData(index: number, final: boolean) {
  const data = Buffer.alloc(9);
  data.writeBigUInt64BE(BigInt(index));
  data[8] = final ? 1 : 0;
  return data;
}

/** Seals the stream in chunks (u32 length with the final flag, ciphertext, tag). */
export function sealChunks(key: Buffer) {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let index = 0;
  const seal = (plain: Buffer, final: boolean) => {
    const cipher = createCipheriv("aes-256-gcm", key, nonceOf(index));
    cipher.setAAD(additionalData(index, final));
    const body = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE((plain.length | (final ? FINAL_FLAG : 0)) >>> 0);
    index += 1;
    return Buffer.concat([length, body]);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      while (pendingBytes >= CHUNK_BYTES) {
        const all = Buffer.concat(pending);
        this.push(seal(all.subarray(0, CHUNK_BYTES), false));
        pending = [all.subarray(CHUNK_BYTES)];
        pendingBytes = all.length - CHUNK_BYTES;
      }
      callback();
    },
    flush(callback: TransformCallback) {
      this.push(seal(Buffer.concat(pending), true));
      callback();
    },
  });
}

/** Opens sealed chunks; fails on a damaged, reordered or missing chunk and on a missing end. */
export function openChunks(key: Buffer) {
  let buffered: Buffer[] = [];
  let bufferedBytes = 0;
  let index = 0;
  let ended = false;
  let needed = 4;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      buffered.push(chunk);
      bufferedBytes += chunk.length;
      try {
        while (bufferedBytes >= needed) {
          const all = buffered.length === 1 ? buffered[0] : Buffer.concat(buffered);
          buffered = [all];
          const word = all.readUInt32BE(0);
          const final = (word & FINAL_FLAG) !== 0;
          const plainBytes = word & ~FINAL_FLAG;
          if (ended) throw new BackupFileError("the file has data after its end: it is damaged");
          if (plainBytes > CHUNK_BYTES) throw new BackupFileError("the file is damaged (a chunk has an impossible length)");
          const need = 4 + plainBytes + TAG_BYTES;
          needed = need;
          if (all.length < need) break;
          needed = 4;
          const decipher = createDecipheriv("aes-256-gcm", key, nonceOf(index));
          decipher.setAAD(additionalData(index, final));
          decipher.setAuthTag(all.subarray(4 + plainBytes, need));
          let plain: Buffer;
          try {
            plain = Buffer.concat([decipher.update(all.subarray(4, 4 + plainBytes)), decipher.final()]);
          } catch {
            throw new BackupFileError(`the file is damaged: chunk ${index + 1} fails its authentication`);
          }
          index += 1;
          ended = final;
          buffered = [all.subarray(need)];
          bufferedBytes = all.length - need;
          this.push(plain);
        }
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback: TransformCallback) {
      if (!ended || bufferedBytes > 0) callback(new BackupFileError("the file is cut off: its last encrypted chunk is missing"));
      else callback();
    },
  });
}
