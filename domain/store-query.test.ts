import { describe, expect, it } from "vitest";
import { MAX_QUERY_LENGTH, parseStoreQuery, readStoreQuery } from "./store-query.ts";

describe("the store's filters", () => {
  it("are read the same by the page and the API when they are right", () => {
    const params = { q: "dragon", category: "cosplay-props", page: "3" };
    expect(readStoreQuery(new URLSearchParams(params))).toEqual({ q: "dragon", category: "cosplay-props", page: 3 });
    expect(parseStoreQuery(params)).toEqual({ q: "dragon", category: "cosplay-props", page: 3 });
    expect(parseStoreQuery({})).toEqual({ q: "", category: "", page: 1 });
  });

  it("refuse a wrong parameter on the API, and ignore it on the page", () => {
    for (const wrong of [
      { category: "Not A Slug" },
      { page: "0" },
      { page: "abc" },
      { page: "10001" },
      { q: "x".repeat(MAX_QUERY_LENGTH + 1) },
    ]) {
      expect(parseStoreQuery(wrong)).toBeNull();
    }
    const page = readStoreQuery(
      new URLSearchParams({ q: "x".repeat(MAX_QUERY_LENGTH + 5), category: "Not A Slug", page: "-2" }),
    );
    expect(page).toEqual({ q: "x".repeat(MAX_QUERY_LENGTH), category: "", page: 1 });
  });
});
