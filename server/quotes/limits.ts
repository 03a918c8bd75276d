/** The largest 3D file a buyer may upload for a quote (QUOTE_MAX_BYTES, 50 MB by default). */
export const QUOTE_MAX_BYTES = Number(process.env.QUOTE_MAX_BYTES) > 0 ? Number(process.env.QUOTE_MAX_BYTES) : 50 * 1024 * 1024;
