import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../api/index.ts";
import { getDb } from "../db/index.ts";
import { jobs, quoteFiles, quotes, sliceResults } from "../db/schema.ts";
import { claimJob, runClaimedJob } from "../jobs/queue.ts";
import { s3MediaStorage, type S3Settings } from "../media/storage.ts";
import { binaryStl, cube } from "../../tests/support/mesh-fixtures.ts";
import { call, fromAddress, ORIGIN, signUpUser } from "../../tests/support/api.ts";
import { runSliceJobs, SLICING_TEST_TIMEOUT_MS } from "../../tests/support/production.ts";
import { localFileStore, setQuoteFileStore, sharedFileStore } from "./file-store.ts";
import { takeFreshUpload } from "./fresh-uploads.ts";
import { QUOTE_BROWSER_COOKIE } from "./owner.ts";
import type { QuoteView } from "./quotes.ts";
import { SLICE_JOB } from "./repricing.ts";
import { onQuoteJobFinalFailure, sliceJob } from "./slice-job.ts";

// Buyers' files in the S3 bucket every app server reads (issue 50, A.2): a server that never held
// the file slices it, and a file it cannot read is never cached as the slice's failure.
let folder: string;
let s3server: S3rver;
let settings: S3Settings;

/** A new client on the same bucket, as another app server has. */
const anotherServersStore = () => sharedFileStore(s3MediaStorage(settings));

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "shared-quote-files-"));
  s3server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: path.join(folder, "s3"),
    configureBuckets: [{ name: "studio-media", configs: [] }],
  });
  const { port } = (await s3server.run()) as unknown as { port: number };
  settings = {
    bucket: "studio-media",
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
});

afterAll(async () => {
  await s3server?.close();
  await rm(folder, { recursive: true, force: true });
});

let address = 1;
async function upload(
  bytes: Uint8Array,
  accountCookie?: string,
): Promise<{ quote: QuoteView; cookie: string; fileId: string }> {
  setQuoteFileStore(anotherServersStore());
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], "part.stl"));
  const headers: Record<string, string> = { origin: ORIGIN };
  if (accountCookie) headers.cookie = accountCookie;
  const response = await api.request(
    `${ORIGIN}/api/quotes`,
    { method: "POST", headers, body: form },
    fromAddress(`198.51.100.${address++}`),
  );
  expect(response.status).toBe(201);
  const cookie =
    accountCookie ??
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith(QUOTE_BROWSER_COOKIE))!
      .split(";")[0]!;
  const quote = (await response.json()) as QuoteView;
  const db = await getDb();
  const [row] = await db.select({ fileId: quotes.fileId }).from(quotes).where(eq(quotes.id, quote.id));
  // The bytes kept in this process for the first slice are not on the other server.
  takeFreshUpload(row!.fileId);
  return { quote, cookie, fileId: row!.fileId };
}

async function quoteRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
  return row!;
}

/** Runs one attempt of the waiting slice job, as a server's worker would. */
async function runOneSliceAttempt(): Promise<"done" | "retry" | "failed"> {
  const db = await getDb();
  await db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.status, "queued"));
  const job = await claimJob([SLICE_JOB], "test", 60_000);
  expect(job).not.toBeNull();
  return runClaimedJob(job!, sliceJob, "test", onQuoteJobFinalFailure);
}

describe("buyers' files shared through S3", { timeout: SLICING_TEST_TIMEOUT_MS }, () => {
  it("keeps the model and its thumbnail in the bucket, and a server that never held the file prices it", async () => {
    const { quote, fileId } = await upload(binaryStl(cube(20)));
    const bucket = s3MediaStorage(settings);
    const db = await getDb();
    const [file] = await db.select().from(quoteFiles).where(eq(quoteFiles.id, fileId));
    expect(await bucket.get(`quote-files/${file!.storageKey}`)).not.toBeNull();
    expect(await bucket.get(`quote-files/${fileId}.svg`)).not.toBeNull();

    setQuoteFileStore(anotherServersStore());
    await runSliceJobs();
    const priced = await quoteRow(quote.id);
    expect(priced.status).toBe("priced");
    expect(priced.grams).toBeGreaterThan(3);
  });

  it("a file it cannot read is tried again, then fails the job and the quote but caches nothing under the slice", async () => {
    const { quote, cookie } = await upload(binaryStl(cube(24)));
    // A server whose store does not have the file (as one on its own disk would be).
    setQuoteFileStore(localFileStore(await mkdtemp(path.join(folder, "empty-"))));
    const key = (await quoteRow(quote.id)).sliceKey!;
    const db = await getDb();
    const slice = async () => (await db.select().from(sliceResults).where(eq(sliceResults.key, key)))[0];

    expect(await runOneSliceAttempt()).toBe("retry");
    expect((await slice())?.status).toBe("pending");
    expect((await quoteRow(quote.id)).status).toBe("estimating");

    expect(await runOneSliceAttempt()).toBe("failed");
    expect(await slice()).toBeUndefined();
    expect(await quoteRow(quote.id)).toMatchObject({ status: "failed", failureCode: "slicer-failed" });

    // Once the file can be read, the same options slice again and are priced.
    setQuoteFileStore(anotherServersStore());
    const again = await call(`/api/quotes/${quote.id}/options`, {
      method: "PUT",
      body: { ...quote.options, scale: 1 },
      cookie,
    });
    expect(((await again.json()) as QuoteView).status).toBe("estimating");
    await runSliceJobs();
    expect((await slice())?.status).toBe("done");
    expect((await quoteRow(quote.id)).status).toBe("priced");
  });

  it("a deleted account's files leave the bucket at once", async () => {
    const buyer = await signUpUser();
    const { fileId } = await upload(binaryStl(cube(21)), buyer.cookie);
    const db = await getDb();
    const [file] = await db.select().from(quoteFiles).where(eq(quoteFiles.id, fileId));
    const bucket = s3MediaStorage(settings);
    expect(await bucket.get(`quote-files/${file!.storageKey}`)).not.toBeNull();

    const deleted = await call("/api/account/delete", { cookie: buyer.cookie, body: { email: buyer.email } });
    expect(deleted.status).toBe(200);
    expect(await bucket.get(`quote-files/${file!.storageKey}`)).toBeNull();
    expect(await bucket.get(`quote-files/${fileId}.svg`)).toBeNull();
    expect(await db.select().from(quoteFiles).where(eq(quoteFiles.id, fileId))).toEqual([]);
  });

  it("removes the model and its thumbnail from the bucket", async () => {
    const store = anotherServersStore();
    const key = "0b6f2a1e-8a47-4c1e-9f0e-2d3c4b5a6978";
    await store.put(`${key}.stl`, new Uint8Array([1, 2, 3]));
    await store.put(`${key}.svg`, new Uint8Array([4]));
    await store.delete(`${key}.stl`);
    await store.delete(`${key}.svg`);
    expect(await store.get(`${key}.stl`)).toBeNull();
    expect(await store.get(`${key}.svg`)).toBeNull();
    await expect(store.put("../escape.stl", new Uint8Array([1]))).rejects.toThrow(/Invalid quote file key/);
  });
});
