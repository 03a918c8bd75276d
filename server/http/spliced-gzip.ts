import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * Gzip of a page made of fixed parts joined by a value that changes with every response (the
 * CSP nonce): the parts are compressed once, each on its own and ended by a full flush (byte
 * aligned, no reference to earlier text), so that the value can be written between them as an
 * uncompressed block. Compressing a 60 KB page costs about 1 ms of CPU; this costs about 40 µs.
 */

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

export function compressParts(parts: Buffer[]): Buffer[] {
  return parts.map((part) => deflateRawSync(part, { finishFlush: constants.Z_FULL_FLUSH }));
}

function storedBlock(bytes: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

/** The gzip of `parts` joined by `joiner` (shorter than 64 KB), `compressed` being compressParts(parts). */
export function gzipJoined(parts: Buffer[], compressed: Buffer[], joiner: Buffer) {
  const joinerBlock = storedBlock(joiner);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  parts.forEach((part, index) => {
    if (index > 0) {
      chunks.push(joinerBlock);
      crc = crc32(joiner, crc);
      length += joiner.length;
    }
    chunks.push(compressed[index]!);
    crc = crc32(part, crc);
    length += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  chunks.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(chunks);
}
