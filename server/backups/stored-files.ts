import { contentTypeOf, STORAGE_KEY, type MediaStorage } from "../media/storage.ts";
import { QUOTE_FILE_KEY, SHARED_FOLDER, type PrivateFileStore } from "../quotes/file-store.ts";
import { MEDIA_FOLDER, QUOTE_FILES_FOLDER } from "./manifest.ts";

/** Where the files go: pictures and item models (media), buyers' 3D files (quote files). */
export type FileStores = { media: MediaStorage; quoteFiles: PrivateFileStore };

type StoredFile = { part: string; read: () => Promise<Uint8Array | null> };

/**
 * Every stored file as an archive part, read one at a time. Buyers' files are listed through their
 * own store, wherever it keeps them (with S3 under quote-files/ in the media bucket), so an
 * archive made on disk restores onto S3 and the other way round.
 */
export async function* storedFiles(stores: FileStores): AsyncGenerator<StoredFile> {
  for await (const key of stores.media.list()) {
    if (key.startsWith(`${SHARED_FOLDER}/`)) continue;
    yield { part: MEDIA_FOLDER + key, read: async () => (await stores.media.get(key))?.body ?? null };
  }
  for await (const key of stores.quoteFiles.list())
    yield { part: QUOTE_FILES_FOLDER + key, read: () => stores.quoteFiles.get(key) };
}

/** Whether a part names a file the stores can take: its key is checked as the stores check theirs. */
export function isFilePart(name: string): boolean {
  if (name.startsWith(MEDIA_FOLDER)) {
    const key = name.slice(MEDIA_FOLDER.length);
    return STORAGE_KEY.test(key) && !key.startsWith(`${SHARED_FOLDER}/`);
  }
  return name.startsWith(QUOTE_FILES_FOLDER) && QUOTE_FILE_KEY.test(name.slice(QUOTE_FILES_FOLDER.length));
}

export async function putFile(stores: FileStores, part: string, body: Uint8Array): Promise<void> {
  if (part.startsWith(MEDIA_FOLDER)) {
    const key = part.slice(MEDIA_FOLDER.length);
    await stores.media.put(key, body, contentTypeOf(key));
  } else {
    await stores.quoteFiles.put(part.slice(QUOTE_FILES_FOLDER.length), body);
  }
}

export async function storesHoldFiles(stores: FileStores): Promise<boolean> {
  for await (const file of storedFiles(stores)) if (file) return true;
  return false;
}
