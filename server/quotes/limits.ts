/** The largest 3D file a buyer may upload for a quote (QUOTE_MAX_BYTES, 50 MB by default). */
export const QUOTE_MAX_BYTES =
  Number(process.env.QUOTE_MAX_BYTES) > 0 ? Number(process.env.QUOTE_MAX_BYTES) : 50 * 1024 * 1024;

const positive = (value: string | undefined, fallback: number) => (Number(value) > 0 ? Number(value) : fallback);

/**
 * STEP files are turned into triangles by OpenCascade (WebAssembly) in a worker thread, one file at a
 * time, within these limits (README, decision 055). WebAssembly's memory is outside the worker's heap
 * limit: the input's size bounds it, and the worker is ended at the time limit whatever it does.
 */
export const STEP_MAX_BYTES = positive(process.env.STEP_MAX_BYTES, 20 * 1024 * 1024);
export const STEP_TIMEOUT_MS = positive(process.env.STEP_TIMEOUT_MS, 20_000);
/** The worker's JavaScript heap (the triangles it hands back live there). */
export const STEP_HEAP_MB = positive(process.env.STEP_HEAP_MB, 512);

/**
 * A store item's 3D model is drawn on visitors' phones: at most this many triangles (the binary STL
 * a visitor downloads is 50 bytes a triangle: 25 MB at 500,000). ITEM_MODEL_MAX_TRIANGLES; decision 056.
 */
export const ITEM_MODEL_MAX_TRIANGLES = positive(process.env.ITEM_MODEL_MAX_TRIANGLES, 500_000);
