import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { config } from "../config.ts";
import { getMediaStorage, type MediaStorage } from "../media/storage.ts";

/**
 * Where buyers' model files are kept: private (served only through the quote endpoints, to the owner
 * and admins), never listed. Keys are ours ("<uuid>.<stl|obj|3mf>", and "<uuid>.svg" for its
 * thumbnail), never a name from the buyer. With S3 set, in the bucket every app server reads;
 * without it, on this server's disk (one app server only: see db/single-server-lock.ts).
 */
export interface PrivateFileStore {
  put(key: string, body: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
  /** A path on this machine for tools that read files (the slicer), or null when the store is remote. */
  localPath(key: string): string | null;
  /** Every stored key (a backup copies them all). */
  list(): AsyncIterable<string>;
}

export const QUOTE_FILE_KEY = /^[0-9a-f-]{36}\.(stl|obj|3mf|svg)$/;

function checkedKey(key: string): string {
  if (!QUOTE_FILE_KEY.test(key)) throw new Error(`Invalid quote file key: ${key}`);
  return key;
}

export function localFileStore(root: string): PrivateFileStore {
  const file = (key: string) => path.join(root, checkedKey(key));
  return {
    async put(key, body) {
      await mkdir(root, { recursive: true, mode: 0o700 });
      await writeFile(file(key), body, { mode: 0o600 });
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
    localPath: file,
    async *list() {
      const names = await readdir(root).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      });
      for (const name of names) if (QUOTE_FILE_KEY.test(name)) yield name;
    },
  };
}

/** The bucket's folder of buyers' files: private keys, never served by GET /media/ (MEDIA_KEY). */
export const SHARED_FOLDER = "quote-files";

/**
 * Buyers' files in the media storage (S3) that every app server shares, under "quote-files/<key>".
 * No local path: the slicer and the workers are given the bytes, and the slicer writes them to
 * its own temporary folder for the run.
 */
export function sharedFileStore(storage: MediaStorage): PrivateFileStore {
  const keyOf = (key: string) => `${SHARED_FOLDER}/${checkedKey(key)}`;
  return {
    async put(key, body) {
      await storage.put(keyOf(key), body, key.endsWith(".svg") ? "image/svg+xml" : "application/octet-stream");
    },
    async get(key) {
      return (await storage.get(keyOf(key)))?.body ?? null;
    },
    delete: (key) => storage.remove(keyOf(key)),
    localPath: () => null,
    async *list() {
      for await (const key of storage.list()) {
        const name = key.slice(SHARED_FOLDER.length + 1);
        if (key.startsWith(`${SHARED_FOLDER}/`) && QUOTE_FILE_KEY.test(name)) yield name;
      }
    },
  };
}

let store: PrivateFileStore | undefined;

/** S3 (shared by every app server) when S3_BUCKET is set, else DATA_DIR/quote-files. */
export function getQuoteFileStore(): PrivateFileStore {
  store ??= config.s3 ? sharedFileStore(getMediaStorage()) : localFileStore(path.join(config.dataDir, "quote-files"));
  return store;
}

export function setQuoteFileStore(next: PrivateFileStore): void {
  store = next;
}
