/**
 * The bytes of files just uploaded to this server, for their first slice: the slicer starts without
 * reading back from the file store what is still in memory. A few files, for a minute at most; a
 * job on another app server (or later) reads the store, as before.
 */
const KEPT_FILES = 4;
const KEPT_MS = 60_000;
const fresh = new Map<string, { bytes: Uint8Array; timer: NodeJS.Timeout }>();

export function keepFreshUpload(fileId: string, bytes: Uint8Array): void {
  if (fresh.size >= KEPT_FILES) forget(fresh.keys().next().value!);
  const timer = setTimeout(() => forget(fileId), KEPT_MS);
  timer.unref();
  fresh.set(fileId, { bytes, timer });
}

/** The file's bytes if it was just uploaded here (then forgotten: they are read once). */
export function takeFreshUpload(fileId: string): Uint8Array | null {
  const kept = fresh.get(fileId);
  if (!kept) return null;
  forget(fileId);
  return kept.bytes;
}

function forget(fileId: string): void {
  clearTimeout(fresh.get(fileId)?.timer);
  fresh.delete(fileId);
}
