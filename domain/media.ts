/**
 * Uploaded pictures live under /media/<id>/<width>.<format>: each one in AVIF and WebP at a few
 * widths. An item stores the 640-pixel WebP address, which works as a plain <img src>; the store
 * builds the responsive sources from it with `mediaSources`.
 */
export const MEDIA_WIDTHS = [320, 640, 1280] as const;
export const MEDIA_DEFAULT_WIDTH = 640;
export const MEDIA_FORMATS = ["avif", "webp"] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

const MEDIA_URL = /^\/media\/([0-9a-f-]{36})\/\d+\.(?:avif|webp)$/;

export function mediaUrl(id: string, width: number = MEDIA_DEFAULT_WIDTH, format: MediaFormat = "webp"): string {
  return `/media/${id}/${width}.${format}`;
}

/** The PNG kept beside a picture stored with `png` (the logo, for e-mail clients): its key, and its address. */
export function mediaPngKey(id: string): string {
  return `${id}/${MEDIA_WIDTHS[0]}.png`;
}
export function mediaPngUrl(src: string): string | null {
  const id = mediaId(src);
  return id ? `/media/${mediaPngKey(id)}` : null;
}

export function mediaId(src: string): string | null {
  return MEDIA_URL.exec(src)?.[1] ?? null;
}

/** srcset strings per format for an uploaded picture, or null for any other picture (sample SVGs). */
export function mediaSources(src: string): Record<MediaFormat, string> | null {
  const id = mediaId(src);
  if (!id) return null;
  const set = (format: MediaFormat) => MEDIA_WIDTHS.map((w) => `${mediaUrl(id, w, format)} ${w}w`).join(", ");
  return { avif: set("avif"), webp: set("webp") };
}
