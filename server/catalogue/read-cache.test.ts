import { describe, expect, it } from "vitest";
import { cachedRead, invalidateCatalogue } from "./read-cache.ts";

describe("catalogue read cache", () => {
  it("serves a read again within its time limit, and reads afresh after a write", async () => {
    let loads = 0;
    const load = async () => ++loads;
    expect(await cachedRead("k", load, 60_000)).toBe(1);
    expect(await cachedRead("k", load, 60_000)).toBe(1);
    invalidateCatalogue();
    expect(await cachedRead("k", load, 60_000)).toBe(2);
  });

  it("does not keep a failed read", async () => {
    await expect(cachedRead("failing", () => Promise.reject(new Error("down")), 60_000)).rejects.toThrow("down");
    expect(await cachedRead("failing", async () => "up", 60_000)).toBe("up");
  });

  it("expires entries", async () => {
    let loads = 0;
    await cachedRead("short", async () => ++loads, 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await cachedRead("short", async () => ++loads, 1)).toBe(2);
  });
});
