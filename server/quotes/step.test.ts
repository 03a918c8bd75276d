import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../api/index.ts";
import { detectFormat, meshStats, parseStl } from "../../domain/mesh.ts";
import { binaryStl, cube } from "../../tests/support/mesh-fixtures.ts";
import { garbageStep, pointOnlyStep, stepBox, stepCube } from "../../tests/support/step-fixtures.ts";
import { call, fromAddress, ORIGIN } from "../../tests/support/api.ts";
import { runSliceJobs } from "../../tests/support/production.ts";
import { localFileStore, setQuoteFileStore } from "./file-store.ts";
import { QUOTE_BROWSER_COOKIE } from "./owner.ts";
import type { QuoteView } from "./quotes.ts";
import { DomainError } from "../errors.ts";
import { fileRefusal, type FileRefusal } from "./file-checks.ts";
import { tessellateStep } from "./step.ts";
import { onWorkerStart } from "./worker-task.ts";

const text = (s: string) => new TextEncoder().encode(s);

beforeAll(async () => {
  setQuoteFileStore(localFileStore(await mkdtemp(path.join(tmpdir(), "quote-files-"))));
});

/** The STEP file's refusal: quote.file_invalid, with its problem as `code`. */
async function refusal(promise: Promise<unknown>): Promise<FileRefusal> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe("quote.file_invalid");
  return fileRefusal(error)!;
}

describe("STEP files", () => {
  it("are told by their header, not their name", () => {
    expect(detectFormat(text(stepCube()))).toBe("step");
    expect(detectFormat(text(`\uFEFF\r\n  ${stepCube()}`))).toBe("step");
    expect(detectFormat(text("ISO-10303-28 is XML, not this"))).toBeNull();
    expect(detectFormat(binaryStl(cube()))).toBe("stl");
  });

  it("tessellates a hand-written B-rep cube into its 12 triangles, 20 mm a side", async () => {
    const stats = meshStats(await tessellateStep(text(stepCube(20))));
    expect(stats.triangles).toBe(12);
    expect(stats.min).toEqual([0, 0, 0]);
    expect(stats.size).toEqual([20, 20, 20]);
    expect(stats.volumeMm3).toBeCloseTo(8000, 3);
    expect(stats.manifold).toBe(true);
    const box = meshStats(await tessellateStep(text(stepBox(10, 30, 5.5))));
    expect(box.size.map((v) => Number(v.toFixed(4)))).toEqual([10, 30, 5.5]);
  });

  it("refuses garbage and a file without a solid with a clear code", async () => {
    expect((await refusal(tessellateStep(text(garbageStep())))).code).toBe("bad-step");
    expect((await refusal(tessellateStep(text(pointOnlyStep())))).code).toBe("bad-step");
  });

  it("ends a worker past its time limit, and the next file is read as usual", async () => {
    const error = await refusal(tessellateStep(text(stepCube()), { timeoutMs: 5 }));
    expect(error.code).toBe("step-timeout");
    expect((await tessellateStep(text(stepCube()))).length).toBe(12 * 9);
  });

  it("converts one file at a time (README): sent at once, no conversion starts while another's worker lives", async () => {
    const live: number[] = [];
    const stop = onWorkerStart((file, running) => {
      if (file === "step.worker.ts") live.push(running);
    });
    try {
      // The first is ended at its time limit: the next starts only once its worker is gone.
      const [late, ...read] = await Promise.allSettled([
        tessellateStep(text(stepCube()), { timeoutMs: 5 }),
        tessellateStep(text(stepCube())),
        tessellateStep(text(stepBox(10, 30, 5.5))),
      ]);
      expect(late.status).toBe("rejected");
      expect(read.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled"]);
    } finally {
      stop();
    }
    // Each conversion's worker was the only STEP worker alive when it started.
    expect(live).toEqual([1, 1, 1]);
  });

  it("refuses a file over the STEP size limit and a model over the triangle limit before using them", async () => {
    expect((await refusal(tessellateStep(text(stepCube()), { maxBytes: 100 }))).code).toBe("step-too-large");
    expect((await refusal(tessellateStep(text(stepCube()), { maxTriangles: 10 }))).code).toBe("too-many-triangles");
  });

  it("is quoted like any other part: kept as a binary STL under its own name, then sliced and priced", async () => {
    const form = new FormData();
    form.append("file", new File([text(stepCube(20))], "bracket.step"));
    const response = await api.request(
      `${ORIGIN}/api/quotes`,
      { method: "POST", headers: { origin: ORIGIN }, body: form },
      fromAddress("192.0.2.200"),
    );
    expect(response.status).toBe(201);
    const body = (await response.json()) as QuoteView;
    const cookie = response.headers
      .getSetCookie()
      .find((c) => c.startsWith(QUOTE_BROWSER_COOKIE))!
      .split(";")[0]!;
    expect(body.file).toMatchObject({
      name: "bracket.step",
      format: "stl",
      sizeMm: [20, 20, 20],
      volumeMm3: 8000,
      triangles: 12,
      manifold: true,
    });
    // Its orientations are searched once it is a mesh: the buyer may choose which way up.
    expect(body.orientation).toMatchObject({ choice: "best", offered: true });
    const download = await call(`/api/quotes/${body.id}/file`, { cookie });
    expect(download.headers.get("content-disposition")).toContain('filename="bracket.stl"');
    const stored = new Uint8Array(await download.arrayBuffer());
    expect(detectFormat(stored)).toBe("stl");
    expect(meshStats(parseStl(stored)).size).toEqual([20, 20, 20]);
    await runSliceJobs();
    const after = (await (await call(`/api/quotes/${body.id}`, { cookie })).json()) as QuoteView;
    expect(after.status).toBe("priced");
    expect(after.exact!.grams).toBeGreaterThan(3);
    expect(after.exact!.totalCents).toBeGreaterThan(0);
  });

  it("answers a broken STEP upload with its words in the buyer's language", async () => {
    const form = new FormData();
    form.append("file", new File([text(garbageStep())], "broken.stp"));
    const response = await api.request(
      `${ORIGIN}/api/quotes?locale=fr`,
      { method: "POST", headers: { origin: ORIGIN }, body: form },
      fromAddress("192.0.2.201"),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string; fields: Record<string, string> } };
    expect(body.error.fields).toEqual({ file: "bad-step" });
    expect(body.error.message).toMatch(/^Ce fichier STEP n’a pas pu être lu/);
  });
});
