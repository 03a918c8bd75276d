import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { handleApiError } from "./errors.ts";
import { logTo } from "../log.ts";

/** Collects the server's log lines for one test. */
function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const restore = logTo({ write: (line: string) => void lines.push(JSON.parse(line)) });
  return { lines, restore };
}

function appThrowing(error: unknown) {
  const app = new Hono();
  app.post("/upload", () => {
    throw error;
  });
  app.onError(handleApiError);
  return app;
}

describe("handleApiError", () => {
  it("does not log an upload the client gave up on as a server fault", async () => {
    const logged = captureLog();
    const leaving = new AbortController();
    leaving.abort();
    const gone = Object.assign(new Error("aborted"), { code: "ECONNRESET" });
    const response = await appThrowing(gone).request(
      new Request("http://shop.test/upload", { method: "POST", signal: leaving.signal }),
    );
    logged.restore();
    expect(response.status).toBe(400);
    expect(logged.lines).toEqual([]);
  });

  it("logs an unexpected failure and answers 500 without its details", async () => {
    const logged = captureLog();
    const response = await appThrowing(new Error("disk on fire")).request("http://shop.test/upload", {
      method: "POST",
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: { code: "internal", message: "An unexpected error occurred" } });
    logged.restore();
    expect(logged.lines).toEqual([
      expect.objectContaining({
        level: 50,
        msg: "Request failed",
        err: expect.objectContaining({ message: "disk on fire" }),
      }),
    ]);
  });
});
