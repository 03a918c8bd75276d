import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { scopedRequests } from "./http/request-scope.ts";
import { accessLog, log, logTo } from "./log.ts";

function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const restore = logTo({ write: (line: string) => void lines.push(JSON.parse(line)) });
  return { lines, restore };
}

function site() {
  const app = new Hono();
  app.use(scopedRequests());
  app.use(accessLog());
  app.get("/work", async (c) => {
    log().info("started");
    await new Promise((resolve) => setTimeout(resolve, 5));
    log().warn({ step: 2 }, "halfway");
    return c.text("done");
  });
  app.get("/cached", () => new Response("from a cache", { headers: { "Content-Type": "text/plain" } }));
  return app;
}

describe("the server's log", () => {
  it("writes JSON lines with a level, and every line of a request carries that request's id", async () => {
    const logged = captureLog();
    const app = site();
    const [first, second] = await Promise.all([app.request("/work"), app.request("/work")]);
    logged.restore();
    const ids = [first!.headers.get("X-Request-Id"), second!.headers.get("X-Request-Id")];
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).not.toBe(ids[0]);
    for (const id of ids) {
      const lines = logged.lines.filter((line) => line.requestId === id);
      expect(lines.map((line) => [line.level, line.msg])).toEqual([
        [30, "started"],
        [40, "halfway"],
        [20, "answered"],
      ]);
      expect(lines[2]).toMatchObject({ method: "GET", path: "/work", status: 200 });
    }
  });

  it("gives a response that a handler built itself (a cached page) its id too", async () => {
    const response = await site().request("/cached");
    expect(await response.text()).toBe("from a cache");
    expect(response.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("writes no request id outside a request", () => {
    const logged = captureLog();
    log().info("starting");
    logged.restore();
    expect(logged.lines).toEqual([expect.objectContaining({ msg: "starting" })]);
    expect(logged.lines[0]).not.toHaveProperty("requestId");
  });
});
