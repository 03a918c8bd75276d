import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { cachedRead, invalidateCatalogue } from "../catalogue/read-cache.ts";
import { NOTICE_CHANNEL, noticeToOthers, onNotice, startNotices, stopNotices } from "./notifications.ts";

const until = async (check: () => boolean | Promise<boolean>, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

afterAll(() => stopNotices());

describe("notices between app servers", () => {
  it("a notice from another server is heard, our own is not, and the listener comes back after its connection drops (PostgreSQL; the embedded database clears this process only)", async () => {
    const template = inject("databaseTemplate");
    if (template.kind !== "postgres") {
      // The embedded database runs one app server: a catalogue write clears this process's caches and sends nothing.
      let loads = 0;
      const load = async () => ++loads;
      await cachedRead("notice-test", load, 60_000);
      invalidateCatalogue();
      expect(await cachedRead("notice-test", load, 60_000)).toBe(2);
      expect(() => noticeToOthers("catalogue")).not.toThrow();
      return;
    }
    const other = new pg.Client({ connectionString: template.serverUrl });
    await other.connect();
    try {
      let heard = 0;
      onNotice("test-topic", () => heard++);
      await startNotices(template.serverUrl, (payload) =>
        other.query("select pg_notify($1, $2)", [NOTICE_CHANNEL, payload]),
      );

      await other.query("select pg_notify($1, $2)", [NOTICE_CHANNEL, "test-topic another-server"]);
      await until(() => heard === 1);
      noticeToOthers("test-topic"); // ours: not for us
      await other.query("select pg_notify($1, $2)", [NOTICE_CHANNEL, "unrelated-topic another-server"]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).toBe(1);

      // PostgreSQL restarts, or a proxy drops the idle connection: everything is cleared once it is back.
      await other.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'studio-notices' and datname = current_database() and pid <> pg_backend_pid()",
      );
      await until(() => heard === 2);
      await until(
        async () =>
          (
            await other.query(
              "select count(*)::int as n from pg_stat_activity where application_name = 'studio-notices' and datname = current_database()",
            )
          ).rows[0].n === 1,
      );
      await other.query("select pg_notify($1, $2)", [NOTICE_CHANNEL, "test-topic another-server"]);
      await until(() => heard === 3);
    } finally {
      await stopNotices();
      await other.end();
    }
  });
});
