import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * Gzip of a page made of fixed parts joined by values that change with every response (the CSP
 * nonce, a person's account menu and cart): the parts are compressed once, each on its own and
 * ended by a full flush (byte aligned, no reference to earlier text), so that the values can be
 * written between them as uncompressed blocks. Compressing a 60 KB page costs about 1 ms of CPU;
 * this costs about 40 µs.
 */

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

export function compressParts(parts: Buffer[]): Buffer[] {
  return parts.map((part) => deflateRawSync(part, { finishFlush: constants.Z_FULL_FLUSH }));
}

const STORED_BLOCK_MAX = 0xffff;

/** `bytes` as uncompressed deflate blocks (at most 64 KB each). */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += STORED_BLOCK_MAX) {
    const slice = bytes.subarray(start, start + STORED_BLOCK_MAX);
    const header = Buffer.alloc(5);
    header.writeUInt16LE(slice.length, 1);
    header.writeUInt16LE(~slice.length & 0xffff, 3);
    blocks.push(header, slice);
  }
  return blocks;
}

/**
 * The gzip of `parts` with `joiners[i]` written between `parts[i]` and `parts[i + 1]`,
 * `compressed` being compressParts(parts).
 */
export function gzipJoined(parts: Buffer[], compressed: Buffer[], joiners: Buffer[]) {
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  parts.forEach((part, index) => {
    if (index > 0) {
      const joiner = joiners[index - 1]!;
      chunks.push(...storedBlocks(joiner));
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
