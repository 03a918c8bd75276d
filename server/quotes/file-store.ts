import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { config } from "../config.ts";

/**
 * Where buyers' model files are kept: private (served only through the quote endpoints, to the owner
 * and admins), never listed. The media storage's shape (put/get/delete by key) so that an S3 store can
 * take its place; keys are ours ("<uuid>.<stl|obj|3mf>", and "<uuid>.svg" for its thumbnail), never a name from the buyer.
 */
export interface PrivateFileStore {
  put(key: string, body: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
  /** A path on this machine for tools that read files (the slicer), or null when the store is remote. */
  localPath(key: string): string | null;
}

export const QUOTE_FILE_KEY = /^[0-9a-f-]{36}\.(stl|obj|3mf|svg)$/;

export function localFileStore(root: string): PrivateFileStore {
  const file = (key: string) => {
    if (!QUOTE_FILE_KEY.test(key)) throw new Error(`Invalid quote file key: ${key}`);
    return path.join(root, key);
  };
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
  };
}

let store: PrivateFileStore | undefined;

export function getQuoteFileStore(): PrivateFileStore {
  store ??= localFileStore(path.join(config.dataDir, "quote-files"));
  return store;
}

export function setQuoteFileStore(next: PrivateFileStore): void {
  store = next;
}
