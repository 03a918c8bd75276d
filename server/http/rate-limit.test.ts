import { describe, expect, it, vi } from "vitest";
import { connectDatabase } from "../db/index.ts";
import {
  betterAuthRateLimitStorage,
  createRateLimiter,
  getRateLimitStore,
  memoryRateLimitStore,
  postgresRateLimitStore,
} from "./rate-limit.ts";

const from = (address: string) => address;

async function statusOf(run: () => Promise<void>): Promise<number> {
  try {
    await run();
    return 200;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

describe("rate limits", () => {
  it("refuse a client past its allowance with 429, and leave other clients alone", async () => {
    const limiter = createRateLimiter({ max: 3, windowMs: 60_000 });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push(await statusOf(() => limiter.consume(from("192.0.2.10"), "test-a")));
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(await statusOf(() => limiter.consume(from("192.0.2.11"), "test-a"))).toBe(200);
    expect(await statusOf(() => limiter.consume(from("192.0.2.10"), "test-b"))).toBe(200);
  });

  it("count in the database on PostgreSQL, so that two app servers (two stores) share one count", async () => {
    const connection = await connectDatabase();
    const store = await getRateLimitStore();
    if (connection.kind === "postgres") {
      const otherServer = postgresRateLimitStore(connection.db);
      await store.hit("shared:192.0.2.20", 60_000);
      await otherServer.hit("shared:192.0.2.20", 60_000);
      expect((await store.hit("shared:192.0.2.20", 60_000)).count).toBe(3);
    } else {
      // The embedded database has one app server: its counts stay in the process.
      expect((await store.hit("shared:192.0.2.20", 60_000)).count).toBe(1);
      expect((await store.hit("shared:192.0.2.20", 60_000)).count).toBe(2);
    }
  });

  it("start a new count when the window ends", async () => {
    for (const store of [memoryRateLimitStore(), await getRateLimitStore()]) {
      expect((await store.hit("window:192.0.2.30", 300)).count).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 320));
      expect((await store.hit("window:192.0.2.30", 300)).count).toBe(1);
    }
  });

  it("count a burst whole when the clock's minute turns in the middle of it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const store = memoryRateLimitStore();
      vi.setSystemTime(new Date("2026-11-23T12:00:59.900Z"));
      expect((await store.hit("burst:192.0.2.31", 60_000)).count).toBe(1);
      vi.setSystemTime(new Date("2026-11-23T12:01:00.100Z"));
      expect((await store.hit("burst:192.0.2.31", 60_000)).count).toBe(2);
      vi.setSystemTime(new Date("2026-11-23T12:02:00.000Z"));
      expect((await store.hit("burst:192.0.2.31", 60_000)).count).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("answer better-auth with the same counts, and the seconds until the window ends", async () => {
    const rule = { window: 60, max: 2 };
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(await betterAuthRateLimitStorage.consume("192.0.2.40/sign-in/email", rule));
    expect(answers.map((a) => a.allowed)).toEqual([true, true, false]);
    expect(answers[2]!.retryAfter).toBeGreaterThan(0);
    expect(answers[2]!.retryAfter).toBeLessThanOrEqual(60);
  });
});
