import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleApiError } from "./errors.ts";

function appThrowing(error: unknown) {
  const app = new Hono();
  app.post("/upload", () => {
    throw error;
  });
  app.onError(handleApiError);
  return app;
}

describe("handleApiError", () => {
  afterEach(() => vi.restoreAllMocks());

  it("does not log an upload the client gave up on as a server fault", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const leaving = new AbortController();
    leaving.abort();
    const gone = Object.assign(new Error("aborted"), { code: "ECONNRESET" });
    const response = await appThrowing(gone).request(
      new Request("http://shop.test/upload", { method: "POST", signal: leaving.signal }),
    );
    expect(response.status).toBe(400);
    expect(logged).not.toHaveBeenCalled();
  });

  it("logs an unexpected failure and answers 500 without its details", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await appThrowing(new Error("disk on fire")).request("http://shop.test/upload", {
      method: "POST",
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: { code: "internal", message: "An unexpected error occurred" } });
    expect(logged).toHaveBeenCalledOnce();
  });
});
