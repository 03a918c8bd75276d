import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../api/index.ts";
import { fromAddress, ORIGIN, signUpUser, type TestUser } from "../../tests/support/api.ts";
import { mediaSources } from "../../domain/media.ts";
import { MAX_UPLOAD_BYTES } from "./images.ts";
import { serveMedia } from "./serve.ts";
import { localMediaStorage, setMediaStorage } from "./storage.ts";

let admin: TestUser;
let folder: string;
const site = new Hono().get("/media/*", serveMedia);

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "studio-media-"));
  setMediaStorage(localMediaStorage(folder));
  admin = await signUpUser("admin");
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** A JPEG photo with EXIF metadata (a camera, a copyright line), made from raw pixels. */
async function photoWithMetadata(width = 900, height = 600): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    pixels[i] = ((i / 3) % width) % 256;
    pixels[i + 1] = 120;
    pixels[i + 2] = Math.floor(i / 3 / width) % 256;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .withExif({ IFD0: { Make: "SecretCam", Copyright: "Private Person" } })
    .toBuffer();
}

async function upload(bytes: Uint8Array, name: string, type: string, cookie = admin.cookie): Promise<Response> {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const headers = new Headers({ origin: ORIGIN });
  if (cookie) headers.set("cookie", cookie);
  return api.request(`${ORIGIN}/api/admin/media`, { method: "POST", body: form, headers }, fromAddress("203.0.113.9"));
}

describe("picture uploads", () => {
  it("re-encodes a real picture into AVIF and WebP at several widths, without its metadata", async () => {
    const original = await photoWithMetadata();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const response = await upload(original, "holiday.jpg", "image/jpeg");
    expect(response.status).toBe(201);
    const { picture } = (await response.json()) as {
      picture: { id: string; url: string; width: number; height: number };
    };
    expect(picture).toMatchObject({ width: 900, height: 600, url: `/media/${picture.id}/640.webp` });

    const served = await site.request(picture.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toContain("immutable");
    const webp = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(webp).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 640 });
    expect(meta.exif).toBeUndefined();
    expect(webp.includes(Buffer.from("SecretCam"))).toBe(false);

    const sources = mediaSources(picture.url)!;
    expect(sources.avif).toContain(`/media/${picture.id}/1280.avif 1280w`);
    const avif = await site.request(`/media/${picture.id}/320.avif`);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    const avifMeta = await sharp(Buffer.from(await avif.arrayBuffer())).metadata();
    expect(avifMeta).toMatchObject({ format: "heif", width: 320 });
    expect(avifMeta.exif).toBeUndefined();
    // Never enlarged: the 1280 version of a 900-pixel picture is 900 pixels wide.
    const large = await site.request(`/media/${picture.id}/1280.webp`);
    expect((await sharp(Buffer.from(await large.arrayBuffer())).metadata()).width).toBe(900);
  });

  it("refuses a file that is not a picture, whatever its name says", async () => {
    const text = new TextEncoder().encode("#!/bin/sh\necho this is not a picture, only named like one\n");
    const response = await upload(text, "photo.jpg", "image/jpeg");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: "invalid-argument",
        message: "This file is not a picture: use JPEG, PNG, WebP, AVIF or GIF.",
        fields: { file: "notAnImage" },
        reason: "upload.invalid",
      },
    });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(svg, "logo.png", "image/png")).status).toBe(400);
    // A PNG signature followed by garbage is not a picture either.
    const fake = Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n", "latin1"), Buffer.alloc(200, 7)]);
    expect((await upload(fake, "broken.png", "image/png")).status).toBe(400);
  });

  it("refuses a file over the size limit", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#b4410f" } })
      .png()
      .toBuffer();
    const huge = Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - png.length)]);
    const response = await upload(huge, "huge.png", "image/png");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      "This picture is larger than 10 MB.",
    );
  });

  it("is for admins only", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect((await upload(png, "a.png", "image/png", "")).status).toBe(401);
    const customer = await signUpUser();
    expect((await upload(png, "a.png", "image/png", customer.cookie)).status).toBe(403);
  });

  it("serves nothing outside the picture folder", async () => {
    expect((await site.request("/media/../../etc/passwd")).status).toBe(404);
    expect((await site.request("/media/00000000-0000-0000-0000-000000000000/640.webp")).status).toBe(404);
  });
});
