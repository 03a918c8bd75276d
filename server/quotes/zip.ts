import { inflateRawSync } from "node:zlib";

/** Limits for a zip from a stranger (a 3MF): a "zip bomb" stops at the first one it crosses. */
export const ZIP_LIMITS = { entries: 200, totalUncompressedBytes: 400 * 1024 * 1024, ratio: 200 };

export class ZipError extends Error {}

type Entry = { name: string; method: number; compressedSize: number; size: number; localOffset: number };

/**
 * Reads the entries whose names `wanted` accepts from a zip held in memory. Sizes are taken from the
 * central directory and then enforced while inflating (a header can lie); names that climb out of
 * the archive or are absolute are refused.
 */
export function readZipEntries(bytes: Uint8Array, wanted: (name: string) => boolean): Map<string, Uint8Array> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = centralDirectory(buffer);
  if (entries.length > ZIP_LIMITS.entries) throw new ZipError(`too many entries (${entries.length})`);
  let declared = 0;
  for (const entry of entries) {
    if (
      entry.name.includes("..") ||
      entry.name.startsWith("/") ||
      entry.name.includes("\\") ||
      /^[a-z]:/i.test(entry.name)
    ) {
      throw new ZipError(`an entry points outside the archive: ${entry.name.slice(0, 80)}`);
    }
    declared += entry.size;
    if (entry.size > Math.max(entry.compressedSize, 1024) * ZIP_LIMITS.ratio)
      throw new ZipError("an entry's compression ratio is too high");
  }
  if (declared > ZIP_LIMITS.totalUncompressedBytes) throw new ZipError("the files inside are too large");
  const out = new Map<string, Uint8Array>();
  for (const entry of entries) {
    if (!wanted(entry.name)) continue;
    if (buffer.readUInt32LE(entry.localOffset) !== 0x04034b50) throw new ZipError("broken local header");
    const nameLength = buffer.readUInt16LE(entry.localOffset + 26);
    const extraLength = buffer.readUInt16LE(entry.localOffset + 28);
    const start = entry.localOffset + 30 + nameLength + extraLength;
    const data = buffer.subarray(start, start + entry.compressedSize);
    if (entry.method === 0) out.set(entry.name, data);
    else if (entry.method === 8) {
      try {
        // maxOutputLength stops inflating at the declared size: the header cannot smuggle more.
        out.set(entry.name, inflateRawSync(data, { maxOutputLength: Math.max(entry.size, 1) }));
      } catch {
        throw new ZipError("an entry inflates to more than it declares, or is broken");
      }
    } else throw new ZipError(`unsupported compression method ${entry.method}`);
  }
  return out;
}

function centralDirectory(buffer: Buffer): Entry[] {
  // The end-of-central-directory record sits in the last 64 KB + 22 bytes.
  let eocd = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 65_557); i--) {
    if (buffer.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipError("not a zip archive");
  const count = buffer.readUInt16LE(eocd + 10);
  let offset = buffer.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) throw new ZipError("zip64 archives are not accepted");
  if (count > ZIP_LIMITS.entries) throw new ZipError(`too many entries (${count})`);
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > buffer.length || buffer.readUInt32LE(offset) !== 0x02014b50)
      throw new ZipError("broken central directory");
    const nameLength = buffer.readUInt16LE(offset + 28);
    const entry: Entry = {
      method: buffer.readUInt16LE(offset + 10),
      compressedSize: buffer.readUInt32LE(offset + 20),
      size: buffer.readUInt32LE(offset + 24),
      localOffset: buffer.readUInt32LE(offset + 42),
      name: buffer.toString("utf8", offset + 46, offset + 46 + nameLength),
    };
    if (entry.localOffset + 30 > buffer.length) throw new ZipError("broken central directory");
    entries.push(entry);
    offset += 46 + nameLength + buffer.readUInt16LE(offset + 30) + buffer.readUInt16LE(offset + 32);
  }
  return entries;
}
