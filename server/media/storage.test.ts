import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveMedia } from "./serve.ts";
import { localMediaStorage, s3MediaStorage, setMediaStorage, type MediaStorage } from "./storage.ts";

// The same contract for the local disk and for an S3-compatible server (s3rver, run here in
// process on loopback, as MinIO or a cloud bucket would answer the SDK).
let folder: string;
let s3server: S3rver;
const stores: Record<string, MediaStorage> = {};

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "studio-storage-"));
  stores.local = localMediaStorage(path.join(folder, "local"));
  s3server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: path.join(folder, "s3"),
    configureBuckets: [{ name: "studio-media", configs: [] }],
  });
  const { port } = (await s3server.run()) as unknown as { port: number };
  stores.s3 = s3MediaStorage({
    bucket: "studio-media",
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  });
});

afterAll(async () => {
  await s3server?.close();
  await rm(folder, { recursive: true, force: true });
});

const picture = "0b6f2a1e-8a47-4c1e-9f0e-2d3c4b5a6978";
const bytes = (n: number) => new Uint8Array(Array.from({ length: n }, (_, i) => i % 251));

describe.each(["local", "s3"])("storage on %s", (kind) => {
  it("keeps a picture's files and gives them back with their type", async () => {
    const store = stores[kind]!;
    await store.put(`${picture}/640.webp`, bytes(3000), "image/webp");
    await store.put(`${picture}/640.avif`, bytes(2000), "image/avif");
    const file = await store.get(`${picture}/640.webp`);
    expect(file?.contentType).toBe("image/webp");
    expect(Buffer.from(file!.body).equals(Buffer.from(bytes(3000)))).toBe(true);
    expect(await store.get(`${picture}/1280.webp`)).toBeNull();
  });

  it("keeps private files under their own keys, and removes one folder without touching the others", async () => {
    const store = stores[kind]!;
    await store.put("quotes/q-1/model.stl", bytes(500), "model/stl");
    await store.put("quotes/q-2/model.stl", bytes(600), "model/stl");
    expect((await store.get("quotes/q-1/model.stl"))?.body.byteLength).toBe(500);

    await store.removeAll("quotes/q-1");
    expect(await store.get("quotes/q-1/model.stl")).toBeNull();
    expect((await store.get("quotes/q-2/model.stl"))?.body.byteLength).toBe(600);
    await store.removeAll(picture);
    expect(await store.get(`${picture}/640.webp`)).toBeNull();
    expect(await store.get(`${picture}/640.avif`)).toBeNull();
  });

  it("refuses keys that could leave the store's folder", async () => {
    const store = stores[kind]!;
    await expect(store.put("../escape.webp", bytes(1), "image/webp")).rejects.toThrow(/Invalid storage key/);
    await expect(store.put("/abs/x.webp", bytes(1), "image/webp")).rejects.toThrow(/Invalid storage key/);
    expect(await store.get("quotes/../../etc/passwd")).toBeNull();
  });

  it("serves pictures at /media/ and never a private file", async () => {
    const store = stores[kind]!;
    setMediaStorage(store);
    const site = new Hono().get("/media/*", serveMedia);
    await store.put(`${picture}/320.webp`, bytes(1200), "image/webp");
    await store.put("quotes/q-3/model.stl", bytes(10), "model/stl");
    const served = await site.request(`/media/${picture}/320.webp`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect((await served.arrayBuffer()).byteLength).toBe(1200);
    expect((await site.request("/media/quotes/q-3/model.stl")).status).toBe(404);
  });
});
