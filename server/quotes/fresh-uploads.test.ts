import { describe, expect, it } from "vitest";
import { keepFreshUpload, takeFreshUpload } from "./fresh-uploads.ts";

describe("the files just uploaded, kept for their first slice", () => {
  it("gives a file's bytes once, and keeps only the latest few", () => {
    const bytes = new Uint8Array([1, 2, 3]);
    keepFreshUpload("a", bytes);
    expect(takeFreshUpload("a")).toBe(bytes);
    expect(takeFreshUpload("a")).toBeNull();
    for (const id of ["1", "2", "3", "4", "5"]) keepFreshUpload(id, new Uint8Array([Number(id)]));
    expect(takeFreshUpload("1")).toBeNull();
    expect(takeFreshUpload("5")).toEqual(new Uint8Array([5]));
    expect(takeFreshUpload("never uploaded")).toBeNull();
  });
});
