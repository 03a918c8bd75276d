import type { Context } from "hono";
import { getMediaStorage, MEDIA_KEY } from "./storage.ts";

/** GET /media/<id>/<width>.<format>: the file, cacheable for a year (a picture never changes under its address). */
export async function serveMedia(c: Context): Promise<Response> {
  const key = c.req.path.replace(/^\/media\//, "");
  if (!MEDIA_KEY.test(key)) return c.text("Not found", 404);
  const file = await getMediaStorage().get(key);
  if (!file) return c.text("Not found", 404);
  return new Response(file.body as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.body.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
