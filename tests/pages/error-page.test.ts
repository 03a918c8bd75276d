import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../server/db/index.ts";
import type * as Log from "../../server/log.ts";
import { ORIGIN } from "../support/api.ts";
import { loadSite } from "../support/site.ts";

/** A page that fails shows the buyer a reference, and the server's log has it on the failure's line. */
let site: Awaited<ReturnType<typeof loadSite>>;
beforeAll(async () => {
  site = await loadSite();
  // The portfolio's table gone: the page's loader fails as a lost database would make it.
  await (await getDb()).execute(sql`alter table portfolio_projects rename to portfolio_projects_away`);
}, 60_000);
afterAll(() => site.close());

describe("the error page", () => {
  it.each([
    ["/inspirations", "If it happens again, quote this reference to the studio:"],
    ["/fr/inspirations", "Si cela se reproduit, donnez cette référence à l’atelier\u00a0:"],
  ])("%s shows the request's id, and the log line of the failure carries it", async (path, words) => {
    const lines: Record<string, unknown>[] = [];
    const { logTo } = await site.module<typeof Log>("./server/log.ts");
    const restore = logTo({ write: (line: string) => void lines.push(JSON.parse(line)) });
    const response = await site.app.request(`${ORIGIN}${path}`);
    restore();
    const html = await response.text();
    const id = response.headers.get("X-Request-Id");
    expect(response.status).toBe(500);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(html).toContain(words);
    expect(html).toContain(`<code id="request-reference">${id}</code>`);
    expect(html).not.toContain("portfolio_projects");
    expect(lines).toContainEqual(expect.objectContaining({ level: 50, requestId: id, path }));
  });
});
