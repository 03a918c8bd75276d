import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Colour, Material, Quality } from "../../domain/quote-pricing.ts";
import { api } from "../api/index.ts";
import { getDb } from "../db/index.ts";
import { quotePriceTerms, quotes } from "../db/schema.ts";
import { claimJob, runClaimedJob } from "../jobs/queue.ts";
import { binaryStl, cube } from "../../tests/support/mesh-fixtures.ts";
import { call, fromAddress, ORIGIN, signUpUser, type TestUser } from "../../tests/support/api.ts";
import { localFileStore, setQuoteFileStore } from "./file-store.ts";
import {
  addColour,
  addMaterial,
  addQuality,
  slugFor,
  updateColour,
  updateMaterial,
  updateQuality,
} from "./materials.ts";
import { QUOTE_BROWSER_COOKIE } from "./owner.ts";
import { currentTerms, quoteLineForCart, SLICE_JOB, type QuoteView } from "./quotes.ts";
import { sliceJob } from "./slice-job.ts";
import { SLICING_TEST_TIMEOUT_MS } from "../../tests/support/production.ts";

let admin: TestUser;
beforeAll(async () => {
  setQuoteFileStore(localFileStore(await mkdtemp(path.join(tmpdir(), "quote-files-"))));
  admin = await signUpUser("admin");
});

const colour = { name: { en: "Forest green", fr: "Vert forêt" }, hex: "#2e7d32", inStock: true, available: true };
const material = {
  name: { en: "Flex Pro", fr: "Flex Pro" },
  filamentType: "tpu",
  densityGPerCm3: 1.22,
  priceCentsPerKg: 11000,
  available: true,
};

async function problem(promise: Promise<unknown>): Promise<{ status: number; fields?: Record<string, string> }> {
  try {
    await promise;
  } catch (error) {
    return error as { status: number; fields?: Record<string, string> };
  }
  throw new Error("the change was accepted");
}

let address = 1;
async function upload(bytes: Uint8Array) {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], "part.stl"));
  const response = await api.request(
    `${ORIGIN}/api/quotes`,
    { method: "POST", headers: new Headers({ origin: ORIGIN }), body: form },
    fromAddress(`192.0.2.${address++}`),
  );
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith(QUOTE_BROWSER_COOKIE))!
    .split(";")[0]!;
  return { quote: (await response.json()) as QuoteView, cookie };
}

async function runSliceJobs(): Promise<void> {
  for (let job = await claimJob([SLICE_JOB], "test", 60_000); job; job = await claimJob([SLICE_JOB], "test", 60_000))
    await runClaimedJob(job, sliceJob, "test");
}

const materialFields = ({ name, filamentType, densityGPerCm3, priceCentsPerKg, available }: Material) => ({
  name,
  filamentType,
  densityGPerCm3,
  priceCentsPerKg,
  available,
});
const colourFields = ({ name, hex, inStock, available }: Colour) => ({ name, hex, inStock, available });
const qualityFields = ({ name, layerHeightMm, estimateCm3PerHour, available }: Quality) => ({
  name,
  layerHeightMm,
  estimateCm3PerHour,
  available,
});

const getQuote = async (id: string, cookie: string) =>
  (await (await call(`/api/quotes/${id}`, { cookie })).json()) as QuoteView;
const setOptions = (quote: QuoteView, cookie: string, options: object) =>
  call(`/api/quotes/${quote.id}/options`, { method: "PUT", body: { ...quote.options, scale: 1, ...options }, cookie });

describe("the studio's materials, colours and qualities", { timeout: SLICING_TEST_TIMEOUT_MS }, () => {
  it("derives a stable, unique id from the English name", () => {
    expect(slugFor("Silk PLA — Édition", [])).toBe("silk-pla-edition");
    expect(slugFor("PLA", ["pla", "pla-2"])).toBe("pla-3");
    expect(slugFor("!!!", [])).toBe("item");
    expect(slugFor("x".repeat(80), []).length).toBeLessThanOrEqual(32);
  });

  it("adds a material with its first colour as a new terms version, saying who made it", async () => {
    const before = await currentTerms();
    const added = await addMaterial({ ...material, colour }, admin.id);
    expect(added.id).toBe("flex-pro");
    expect(added.version).toBeGreaterThan(before.version);
    expect(added.terms.materials.at(-1)).toEqual({
      id: "flex-pro",
      ...material,
      colours: [{ id: "forest-green", ...colour }],
    });
    const [row] = await (await getDb()).select().from(quotePriceTerms).orderBy(desc(quotePriceTerms.version)).limit(1);
    expect(row).toMatchObject({ version: added.version, createdBy: admin.id });
    expect(row!.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);

    // Renaming keeps the id; the same name again gets a new one.
    const renamed = await updateMaterial(
      "flex-pro",
      { ...material, name: { en: "Flex Pro 95A", fr: "Flex Pro 95A" } },
      admin.id,
    );
    expect(renamed.terms.materials.map((m) => m.id)).toContain("flex-pro");
    expect((await addMaterial({ ...material, colour }, admin.id)).id).toBe("flex-pro-2");
    const second = await addColour("flex-pro", { ...colour, name: { en: "Forest green", fr: "Vert sapin" } }, admin.id);
    expect(second.id).toBe("forest-green-2");
  });

  it("validates every field on the server, with stable codes per field", async () => {
    const bad = await problem(
      addMaterial(
        {
          ...material,
          name: { en: "", fr: "x".repeat(61) },
          densityGPerCm3: 9,
          filamentType: "pla --post-process rm",
          colour: { ...colour, hex: "green" },
        },
        admin.id,
      ),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.fields!).sort()).toEqual([
      "colour.hex",
      "densityGPerCm3",
      "filamentType",
      "name.en",
      "name.fr",
    ]);
    expect((await problem(addMaterial({ ...material, colour, extra: "text for the slicer" }, admin.id))).status).toBe(
      400,
    );
    expect((await problem(addMaterial({ ...material, densityGPerCm3: Number.NaN, colour }, admin.id))).fields).toEqual({
      densityGPerCm3: "invalid_type",
    });
    // Layer heights stay within what the printer's profile supports (0.05 to 0.3 mm).
    const quality = {
      name: { en: "Coarse", fr: "Grossière" },
      layerHeightMm: 0.35,
      estimateCm3PerHour: 20,
      available: true,
    };
    expect((await problem(addQuality(quality, admin.id))).fields).toEqual({ layerHeightMm: "too_big" });
    expect((await addQuality({ ...quality, layerHeightMm: 0.3 }, admin.id)).id).toBe("coarse");
    expect((await problem(updateMaterial("nothing-here", material, admin.id))).status).toBe(404);
    expect((await problem(updateColour("pla", "nothing-here", colour, admin.id))).status).toBe(404);
  });

  it("keeps at least one material, colour and quality offered", async () => {
    const { terms } = await currentTerms();
    const offered = terms.materials.filter((m) => m.available);
    for (const m of offered.slice(1)) await updateMaterial(m.id, { ...materialFields(m), available: false }, admin.id);
    const last = offered[0]!;
    expect(
      (await problem(updateMaterial(last.id, { ...materialFields(last), available: false }, admin.id))).fields,
    ).toEqual({ materials: "none-offered" });
    const colours = last.colours.filter((c) => c.available);
    for (const c of colours.slice(1))
      await updateColour(last.id, c.id, { ...colourFields(c), available: false }, admin.id);
    expect(
      (
        await problem(
          updateColour(last.id, colours[0]!.id, { ...colourFields(colours[0]!), available: false }, admin.id),
        )
      ).fields,
    ).toEqual({ colours: "none-offered" });
    for (const q of terms.qualities.slice(1))
      await updateQuality(q.id, { ...qualityFields(q), available: false }, admin.id);
    const q = terms.qualities[0]!;
    expect((await problem(updateQuality(q.id, { ...qualityFields(q), available: false }, admin.id))).fields).toEqual({
      qualities: "none-offered",
    });
    expect((await currentTerms()).terms.materials.filter((m) => m.available).map((m) => m.id)).toEqual([last.id]);

    // Offered again for the tests that follow.
    for (const m of terms.materials) {
      await updateMaterial(m.id, materialFields(m), admin.id);
      for (const c of m.colours) await updateColour(m.id, c.id, colourFields(c), admin.id);
    }
    for (const x of terms.qualities) await updateQuality(x.id, qualityFields(x), admin.id);
    expect((await currentTerms()).terms.materials).toEqual(terms.materials);
  });

  it("slices a new material with its own profile: TPU is printed slower than PLA", async () => {
    const { id } = await addMaterial({ ...material, name: { en: "Soft TPU", fr: "TPU doux" }, colour }, admin.id);
    const { quote, cookie } = await upload(binaryStl(cube(20)));
    expect(quote.options.materialId).toBe("pla");
    await runSliceJobs();
    const pla = await getQuote(quote.id, cookie);
    expect(pla.status).toBe("priced");
    const changed = await setOptions(quote, cookie, { materialId: id, colourId: "forest-green" });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as QuoteView).status).toBe("estimating"); // not the PLA slice from the cache
    await runSliceJobs();
    const tpu = await getQuote(quote.id, cookie);
    expect(tpu.status).toBe("priced");
    expect(tpu.options.materialId).toBe(id);
    // Same plastic (the density differs a little), much slower: the TPU profile caps the flow.
    expect(tpu.exact!.grams!).toBeCloseTo((pla.exact!.grams! * 1.22) / 1.24, 0);
    expect(tpu.exact!.seconds).toBeGreaterThan(pla.exact!.seconds! * 1.3);
  });

  it("stops offering a retired material or colour, while quotes already given keep it", async () => {
    const { id } = await addMaterial(
      { ...material, name: { en: "Marble PLA", fr: "PLA marbré" }, filamentType: "pla", colour },
      admin.id,
    );
    await addColour(id, { ...colour, name: { en: "Sand", fr: "Sable" }, hex: "#c2b280" }, admin.id);
    const { quote, cookie } = await upload(binaryStl(cube(20)));
    expect((await setOptions(quote, cookie, { materialId: id, colourId: "sand" })).status).toBe(200);
    await runSliceJobs();
    const given = await getQuote(quote.id, cookie);
    expect(given.status).toBe("priced");

    await updateColour(
      id,
      "sand",
      { name: { en: "Sand", fr: "Sable" }, hex: "#c2b280", inStock: true, available: false },
      admin.id,
    );
    const other = await upload(binaryStl(cube(10)));
    const refusedColour = await setOptions(other.quote, other.cookie, { materialId: id, colourId: "sand" });
    expect(refusedColour.status).toBe(400);
    expect(((await refusedColour.json()) as { error: { reason: string; fields: object } }).error).toMatchObject({
      reason: "quote.option_not_offered",
      fields: { colour: "This choice is not offered. Choose another one." },
    });

    await updateMaterial(
      id,
      { ...material, name: { en: "Marble PLA", fr: "PLA marbré" }, filamentType: "pla", available: false },
      admin.id,
    );
    const terms = (await (await call("/api/quotes/terms")).json()) as {
      terms: { materials: { id: string; available: boolean }[] };
    };
    expect(terms.terms.materials.find((m) => m.id === id)?.available).toBe(false);
    expect((await setOptions(other.quote, other.cookie, { materialId: id, colourId: "forest-green" })).status).toBe(
      400,
    );

    // The quote given before keeps its price, material and colour, in its page and in the cart.
    expect(await getQuote(quote.id, cookie)).toEqual(given);
    const [row] = await (await getDb()).select().from(quotes).where(eq(quotes.id, quote.id));
    const line = await quoteLineForCart(quote.id, { user: null, browserHash: row!.browserHash });
    expect(line.ok && line.line).toMatchObject({
      material: { en: "Marble PLA" },
      colour: { en: "Sand", fr: "Sable" },
      unitCents: given.exact!.unitCents,
    });
  });
});
