import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Small limits, so that "too large" and "too detailed" need no megabytes (read when the modules load).
vi.hoisted(() => {
  process.env.QUOTE_MAX_BYTES = String(1024 * 1024);
  process.env.ITEM_MODEL_MAX_TRIANGLES = "1000";
});

import { api } from "../api/index.ts";
import { onSiteChanged, type SiteChange } from "../db/site-changes.ts";
import { findVisibleItem } from "../catalogue/catalogue.ts";
import { localMediaStorage, setMediaStorage } from "../media/storage.ts";
import { detectFormat, parseStl } from "../../domain/mesh.ts";
import type { AdminItem, ItemModel } from "../../domain/catalogue-types.ts";
import { call, fromAddress, ORIGIN, signUpUser, type TestUser } from "../../tests/support/api.ts";
import { asciiStl, binaryStl, box, cube, obj, png, threeMf, torus } from "../../tests/support/mesh-fixtures.ts";
import { stepCube } from "../../tests/support/step-fixtures.ts";

let admin: TestUser;
let customer: TestUser;
let folder: string;
let categoryId: string;
const changes: SiteChange[] = [];

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "item-models-"));
  setMediaStorage(localMediaStorage(folder));
  admin = await signUpUser("admin");
  customer = await signUpUser("user");
  const category = await call("/api/admin/categories", {
    cookie: admin.cookie,
    body: { translations: { en: { name: `Models ${randomUUID().slice(0, 6)}` } } },
  });
  categoryId = ((await category.json()) as { category: { id: string } }).category.id;
  onSiteChanged((change) => changes.push(change));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

async function newItem(): Promise<AdminItem> {
  const response = await call("/api/admin/items", {
    cookie: admin.cookie,
    body: {
      translations: { en: { name: `Cube ${randomUUID().slice(0, 6)}`, description: "A cube" } },
      categoryId,
      price: "12",
      stock: 4,
      images: { main: "/images/catalogue/dragon.svg", gallery: [] },
    },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { item: AdminItem }).item;
}

async function upload(
  itemId: string,
  bytes: Uint8Array,
  name: string,
  options: { cookie?: string; language?: string } = {},
): Promise<Response> {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  const headers = new Headers({ origin: ORIGIN, "accept-language": options.language ?? "en-CA" });
  const cookie = options.cookie === undefined ? admin.cookie : options.cookie;
  if (cookie) headers.set("cookie", cookie);
  return api.request(
    `${ORIGIN}/api/admin/items/${itemId}/model`,
    { method: "POST", body: form, headers },
    fromAddress("203.0.113.20"),
  );
}

async function attached(response: Response): Promise<ItemModel> {
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { model: ItemModel }).model;
}

const messageOf = async (response: Response) =>
  ((await response.json()) as { error: { message: string } }).error.message;
const publicModel = (itemId: string, version?: string) =>
  call(`/api/catalogue/items/${itemId}/model.stl${version ? `?v=${version}` : ""}`);

describe("a store item's 3D model", () => {
  it("is checked, kept as a binary STL and served to visitors with a long cache keyed by its version", async () => {
    const item = await newItem();
    changes.length = 0;
    const model = await attached(await upload(item.id, asciiStl(box(30, 20, 10)), "brick.stl"));
    expect(model).toMatchObject({ name: "brick.stl", triangles: 12, sizeMm: [30, 20, 10], bytes: 84 + 12 * 50 });
    // Every app server's caches hear of it (the store's reads, the cached pages).
    expect(changes).toContain("catalogue");

    const admins = await call(`/api/admin/items/${item.id}`, { cookie: admin.cookie });
    expect(((await admins.json()) as { item: AdminItem }).item.model).toEqual(model);
    const shown = await findVisibleItem(item.slug, "fr");
    expect(shown?.model).toEqual({
      url: `/api/catalogue/items/${item.id}/model.stl?v=${model.id}`,
      triangles: 12,
      sizeMm: [30, 20, 10],
    });

    const served = await publicModel(item.id, model.id);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("model/stl");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(detectFormat(bytes)).toBe("stl");
    expect(parseStl(bytes)).toHaveLength(12 * 9);
    // Without its version (or with an old one) the address is revalidated each time.
    expect((await publicModel(item.id)).headers.get("cache-control")).toBe("public, no-cache");
    const again = await call(`/api/catalogue/items/${item.id}/model.stl?v=${model.id}`, {
      headers: { "if-none-match": `"${model.id}"` },
    });
    expect(again.status).toBe(304);
  });

  it("reads OBJ, 3MF and STEP files into the same binary STL, and a replaced model's file is deleted", async () => {
    const item = await newItem();
    const fromObj = await attached(await upload(item.id, obj(cube(20)), "cube.obj"));
    expect(fromObj).toMatchObject({ triangles: 12, sizeMm: [20, 20, 20] });
    const fromThreeMf = await attached(await upload(item.id, threeMf(cube(15)), "cube.3mf"));
    expect(fromThreeMf).toMatchObject({ name: "cube.3mf", triangles: 12, sizeMm: [15, 15, 15] });
    expect(await readdir(path.join(folder, "item-models"))).not.toContain(fromObj.id);
    const fromStep = await attached(await upload(item.id, new TextEncoder().encode(stepCube(25)), "part.step"));
    expect(fromStep.sizeMm.map(Math.round)).toEqual([25, 25, 25]);
    const served = await publicModel(item.id, fromStep.id);
    expect(detectFormat(new Uint8Array(await served.arrayBuffer()))).toBe("stl");
    expect(await readdir(path.join(folder, "item-models"))).toEqual(expect.arrayContaining([fromStep.id]));
    expect(await readdir(path.join(folder, "item-models"))).not.toContain(fromThreeMf.id);
  });

  it("refuses what is not a model, too large or too detailed, with a clear message in the admin's language", async () => {
    const item = await newItem();
    const garbage = await upload(item.id, png(), "photo.stl");
    expect(garbage.status).toBe(400);
    expect(await messageOf(garbage)).toBe("This file is not an STL, OBJ, 3MF or STEP model.");
    const garbageFr = await upload(item.id, new TextEncoder().encode("just some words, no model at all"), "notes.obj", {
      language: "fr-CA",
    });
    expect(garbageFr.status).toBe(400);
    expect(await messageOf(garbageFr)).toBe("Ce fichier n’est pas un modèle STL, OBJ, 3MF ou STEP.");

    const detailed = await upload(item.id, binaryStl(torus(40, 15, 30, 20)), "torus.stl");
    expect(detailed.status).toBe(400);
    expect(await messageOf(detailed)).toBe(
      "A store model may have up to 1,000 triangles; this one has 1,200. Simplify it (decimate it) and upload it again.",
    );
    const detailedFr = await upload(item.id, binaryStl(torus(40, 15, 30, 20)), "torus.stl", { language: "fr-CA" });
    expect(await messageOf(detailedFr)).toMatch(
      /^Un modèle de la boutique peut avoir jusqu’à 1\s000\u00a0triangles\u00a0; celui-ci en a 1\s200\./,
    );

    // Over the limit: refused on its declared length, before it is read (in the admin's language too).
    const huge = (language: string) =>
      api.request(
        `${ORIGIN}/api/admin/items/${item.id}/model`,
        {
          method: "POST",
          body: "--x--",
          headers: new Headers({
            origin: ORIGIN,
            cookie: admin.cookie,
            "accept-language": language,
            "content-type": "multipart/form-data; boundary=x",
            "content-length": String(2 * 1024 * 1024),
          }),
        },
        fromAddress("203.0.113.21"),
      );
    const tooLarge = await huge("en-CA");
    expect(tooLarge.status).toBe(413);
    expect(await messageOf(tooLarge)).toBe("The file is too large (over 1 MB).");
    expect(await messageOf(await huge("fr-CA"))).toBe("Le fichier est trop volumineux (plus de 1\u00a0Mo).");

    const empty = await api.request(`${ORIGIN}/api/admin/items/${item.id}/model`, {
      method: "POST",
      body: new FormData(),
      headers: new Headers({ origin: ORIGIN, cookie: admin.cookie }),
    });
    expect(empty.status).toBe(400);
    expect(await messageOf(empty)).toBe("Choose a 3D file to upload (STL, OBJ, 3MF or STEP).");

    const unknown = await upload("no-such-item", asciiStl(cube()), "cube.stl");
    expect(unknown.status).toBe(404);
    // Nothing was attached by any of these.
    const after = await call(`/api/admin/items/${item.id}`, { cookie: admin.cookie });
    expect(((await after.json()) as { item: AdminItem }).item.model).toBeNull();
  });

  it("is attached and removed by admins only", async () => {
    const item = await newItem();
    expect((await upload(item.id, asciiStl(cube()), "cube.stl", { cookie: "" })).status).toBe(401);
    expect((await upload(item.id, asciiStl(cube()), "cube.stl", { cookie: customer.cookie })).status).toBe(403);
    await attached(await upload(item.id, asciiStl(cube()), "cube.stl"));
    expect((await call(`/api/admin/items/${item.id}/model`, { method: "DELETE" })).status).toBe(401);
    expect(
      (await call(`/api/admin/items/${item.id}/model`, { method: "DELETE", cookie: customer.cookie })).status,
    ).toBe(403);
    expect((await call(`/api/admin/items/${item.id}/model`, { method: "DELETE", bearer: customer.token })).status).toBe(
      403,
    );
    expect((await publicModel(item.id)).status).toBe(200);
  });

  it("is not served for a hidden item, nor once removed or deleted", async () => {
    const item = await newItem();
    const model = await attached(await upload(item.id, asciiStl(cube()), "cube.stl"));
    const hide = await call("/api/update-inventory", {
      cookie: admin.cookie,
      body: { itemId: item.id, version: item.version, updates: { isVisible: false } },
    });
    expect(hide.status).toBe(200);
    const hidden = await publicModel(item.id, model.id);
    expect(hidden.status).toBe(404);
    expect(hidden.headers.get("cache-control")).toBeNull();
    expect((await publicModel("no-such-item")).status).toBe(404);

    await call("/api/update-inventory", {
      cookie: admin.cookie,
      body: { itemId: item.id, version: item.version + 1, updates: { isVisible: true } },
    });
    expect((await publicModel(item.id, model.id)).status).toBe(200);

    changes.length = 0;
    const removed = await call(`/api/admin/items/${item.id}/model`, { method: "DELETE", cookie: admin.cookie });
    expect(removed.status).toBe(200);
    expect(changes).toContain("catalogue");
    expect((await publicModel(item.id, model.id)).status).toBe(404);
    expect((await findVisibleItem(item.slug, "en"))?.model).toBeNull();
    expect(await readdir(path.join(folder, "item-models"))).not.toContain(model.id);
    // Removing what is not there is no error.
    expect((await call(`/api/admin/items/${item.id}/model`, { method: "DELETE", cookie: admin.cookie })).status).toBe(
      200,
    );

    const next = await attached(await upload(item.id, asciiStl(cube()), "cube.stl"));
    expect((await call(`/api/admin/items/${item.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);
    expect(await readdir(path.join(folder, "item-models"))).not.toContain(next.id);
  });
});
