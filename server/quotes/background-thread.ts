import { getPriority, setPriority } from "node:os";

/** The nice value of the worker threads that analyse buyers' files (the slicer runs at 15, decision 026). */
export const BACKGROUND_NICE = 10;

/**
 * Puts the calling worker thread below the server's main thread, which serves pages and answers
 * requests: a file's analysis takes seconds of CPU and may wait. Linux keeps a nice value per
 * thread; elsewhere it would lower the whole server, so the thread is left as it is.
 */
export function lowerThisThread(): void {
  // Raising a nice value needs no privilege; a server already started lower stays where it is.
  if (process.platform === "linux" && getPriority(0) < BACKGROUND_NICE) setPriority(0, BACKGROUND_NICE);
}
