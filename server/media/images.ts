import { randomUUID } from "node:crypto";
import sharp, { type Sharp } from "sharp";
import { MEDIA_FORMATS, MEDIA_WIDTHS, mediaPngKey, mediaUrl } from "../../domain/media.ts";
import { DomainError } from "../errors.ts";
import { getMediaStorage } from "./storage.ts";

/** Upload size limit (MEDIA_MAX_BYTES, 10 MB by default). */
export const MAX_UPLOAD_BYTES =
  Number(process.env.MEDIA_MAX_BYTES) > 0 ? Number(process.env.MEDIA_MAX_BYTES) : 10 * 1024 * 1024;
/** Refuses decompression bombs: a small file that decodes to a gigantic picture. */
const MAX_INPUT_PIXELS = 50_000_000;

const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "avif", "heif"]);

export type UploadProblem = "notAnImage" | "tooLarge";

/** A refused picture: `upload.invalid`, the problem as the `file` field's, and the limit in MB it says. */
function refused(problem: UploadProblem): DomainError {
  return new DomainError("upload.invalid", {
    fields: { file: problem },
    count: Math.round(MAX_UPLOAD_BYTES / 1024 / 1024),
  });
}

/** What the first bytes say the file is, whatever its name or declared type. */
export function sniffImage(bytes: Uint8Array): string | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a") return "gif";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (ascii(4, 8) === "ftyp" && /^(avif|avis|heic|heix|mif1|msf1)$/.test(ascii(8, 12))) return "heif";
  return null;
}

export type StoredPicture = { id: string; url: string; width: number; height: number };

/**
 * Checks that the bytes are a real picture (by content), then re-encodes it: upright, metadata
 * (EXIF, GPS, ICC profiles…) dropped, in AVIF and WebP at each width no larger than the original.
 * `png` adds a PNG at the smallest width, for e-mail clients that show no WebP (the logo).
 */
export async function storePicture(bytes: Uint8Array, { png = false } = {}): Promise<StoredPicture> {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw refused("tooLarge");
  if (!sniffImage(bytes)) throw refused("notAnImage");
  let width: number;
  let height: number;
  let source: Sharp;
  try {
    source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
    const meta = await source.metadata();
    if (!meta.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height) throw new Error("unsupported");
    const upright = (meta.orientation ?? 1) >= 5;
    width = upright ? meta.height : meta.width;
    height = upright ? meta.width : meta.height;
    // Decode once, fully, so that a truncated or corrupt file is refused before anything is stored.
    await source.clone().resize({ width: 16, withoutEnlargement: true }).raw().toBuffer();
  } catch {
    throw refused("notAnImage");
  }

  const id = randomUUID();
  const storage = getMediaStorage();
  try {
    for (const target of MEDIA_WIDTHS) {
      const resized = source.clone().resize({ width: target, withoutEnlargement: true });
      for (const format of MEDIA_FORMATS) {
        const encoded =
          format === "avif"
            ? await resized.clone().avif({ quality: 55, effort: 2 }).toBuffer()
            : await resized.clone().webp({ quality: 80 }).toBuffer();
        await storage.put(`${id}/${target}.${format}`, encoded, `image/${format}`);
      }
    }
    if (png) {
      const smallest = source.clone().resize({ width: MEDIA_WIDTHS[0], withoutEnlargement: true });
      await storage.put(mediaPngKey(id), await smallest.png().toBuffer(), "image/png");
    }
  } catch (error) {
    await storage.removeAll(id).catch(() => undefined);
    throw error;
  }
  return { id, url: mediaUrl(id), width, height };
}
