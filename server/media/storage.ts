import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { config } from "../config.ts";

/**
 * Where processed pictures are kept. Keys look like "<uuid>/640.webp". The default keeps them in
 * DATA_DIR/media; an S3-compatible store can take its place by implementing these three methods
 * (put → PutObject, get → GetObject, removeAll → DeleteObjects on the prefix) and passing it to
 * setMediaStorage at startup.
 */
export interface MediaStorage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Uint8Array; contentType: string } | null>;
  /** Removes every file of one picture (all its widths and formats). */
  removeAll(id: string): Promise<void>;
}

export const MEDIA_KEY = /^[0-9a-f-]{36}\/\d{2,4}\.(avif|webp)$/;
const CONTENT_TYPES: Record<string, string> = { avif: "image/avif", webp: "image/webp" };

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.split(".").pop() ?? ""] ?? "application/octet-stream";
}

export function localMediaStorage(root: string): MediaStorage {
  const file = (key: string) => {
    if (!MEDIA_KEY.test(key)) throw new Error(`Invalid media key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, body);
    },
    async get(key) {
      if (!MEDIA_KEY.test(key)) return null;
      try {
        return { body: await readFile(file(key)), contentType: contentTypeOf(key) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async removeAll(id) {
      if (!/^[0-9a-f-]{36}$/.test(id)) return;
      await rm(path.join(root, id), { recursive: true, force: true });
    },
  };
}

let storage: MediaStorage | undefined;

export function getMediaStorage(): MediaStorage {
  storage ??= localMediaStorage(path.join(config.dataDir, "media"));
  return storage;
}

/** Another store (S3-compatible, or a temporary folder in tests). */
export function setMediaStorage(next: MediaStorage): void {
  storage = next;
}
