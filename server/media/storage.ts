import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { config } from "../config.ts";

/**
 * Where uploaded files are kept: processed pictures ("<uuid>/640.webp") and private files (a
 * store item's model; with S3, buyers' 3D files, "quote-files/<uuid>.stl", see
 * quotes/file-store.ts). The local disk (DATA_DIR/media) is the default; with S3_BUCKET set, an
 * S3-compatible object store, which several app servers share.
 *
 * Nothing in a store is public by itself: S3 objects are written without a public ACL (block
 * public access on the bucket). The site serves picture keys only (MEDIA_KEY, GET /media/…);
 * every other key is private and reaches a person only through a handler that checks who asks.
 */
export interface MediaStorage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Uint8Array; contentType: string } | null>;
  /** Removes one file; a key that holds nothing is not an error. */
  remove(key: string): Promise<void>;
  /** Removes every file under one folder of keys: all widths and formats of a picture ("<uuid>"), or "quotes/<id>". */
  removeAll(prefix: string): Promise<void>;
  /** Every stored key, in no particular order (a backup copies them all). */
  list(): AsyncIterable<string>;
}

/** The keys of public pictures, the only ones GET /media/ serves. */
export const MEDIA_KEY = /^[0-9a-f-]{36}\/\d{2,4}\.(avif|webp|png)$/;
/** Any stored key: lowercase folders and a file name, no "..", no leading slash. */
export const STORAGE_KEY = /^(?:[a-z0-9][a-z0-9_-]{0,99}\/){0,4}[a-z0-9][a-z0-9_-]{0,99}(?:\.[a-z0-9]{1,10})?$/;
const CONTENT_TYPES: Record<string, string> = { avif: "image/avif", webp: "image/webp", png: "image/png" };

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.split(".").pop() ?? ""] ?? "application/octet-stream";
}

export function isPublicKey(key: string): boolean {
  return MEDIA_KEY.test(key);
}

function checkedKey(key: string): string {
  if (!STORAGE_KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

export function localMediaStorage(root: string): MediaStorage {
  const file = (key: string) => path.join(root, checkedKey(key));
  return {
    async put(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, body);
    },
    async get(key) {
      if (!STORAGE_KEY.test(key)) return null;
      try {
        return { body: await readFile(file(key)), contentType: contentTypeOf(key) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(file(key), { force: true });
    },
    async removeAll(prefix) {
      if (!STORAGE_KEY.test(prefix)) return;
      await rm(path.join(root, prefix), { recursive: true, force: true });
    },
    async *list() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      });
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
        if (STORAGE_KEY.test(key)) yield key;
      }
    },
  };
}

export type S3Settings = {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, R2, Spaces…); unset for Amazon S3. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (http://host/bucket/key) rather than the host name; most self-hosted services need it. */
  forcePathStyle: boolean;
};

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
}

/** The one place an S3 client is made. */
function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: S3-compatible services do not all read the
    // SDK's newer streamed checksums.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

export function s3MediaStorage(settings: S3Settings): MediaStorage {
  const client = s3Client(settings);
  const Bucket = settings.bucket;
  return {
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkedKey(key), Body: body, ContentType: contentType }));
    },
    async get(key) {
      if (!STORAGE_KEY.test(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return {
          body: await object.Body.transformToByteArray(),
          contentType: object.ContentType ?? contentTypeOf(key),
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    async removeAll(prefix) {
      if (!STORAGE_KEY.test(prefix)) return;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${prefix}/`, ContinuationToken }));
        const Objects = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (Objects.length > 0)
          await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key && STORAGE_KEY.test(object.Key)) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

let storage: MediaStorage | undefined;

/** S3 when S3_BUCKET is set, else DATA_DIR/media. */
export function getMediaStorage(): MediaStorage {
  storage ??= config.s3 ? s3MediaStorage(config.s3) : localMediaStorage(path.join(config.dataDir, "media"));
  return storage;
}

/** Another store (a temporary folder or a local S3 server in tests). */
export function setMediaStorage(next: MediaStorage): void {
  storage = next;
}
