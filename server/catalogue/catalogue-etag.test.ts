import { describe, expect, it } from "vitest";
import { seedSampleCatalogue } from "./seed.ts";
import { getDb } from "../db/index.ts";
import { call } from "../../tests/support/api.ts";

describe("catalogue reads", () => {
  it("carry an ETag and answer 304 when the client already has them", async () => {
    await seedSampleCatalogue(await getDb());
    const first = await call("/api/catalogue/items?q=dragon");
    expect(first.status).toBe(200);
    const tag = first.headers.get("etag");
    expect(tag).toBeTruthy();
    const again = await call("/api/catalogue/items?q=dragon", { headers: { "if-none-match": tag! } });
    expect(again.status).toBe(304);
  });
});
