import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { serverStaysOnServer } from "../../vite.config.ts";

/** The import rules of docs/architecture.md (eslint.config.js), on a file that breaks them. */
async function importErrors(filePath: string, code: string) {
  const eslint = new ESLint();
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((message) => message.ruleId === "no-restricted-imports")
    .map((message) => message.message);
}

describe("module boundaries (docs/architecture.md)", () => {
  it("refuses any import of app/ in server/ (the arrow that ran the wrong way)", async () => {
    for (const target of [
      "../../app/features/cart/cart-contents.tsx",
      "../../app/routes/cart.tsx",
      "../../app/i18n/catalogue.ts",
      "../../app/lib/seo.ts",
    ]) {
      expect(
        await importErrors("server/cart/bad.ts", `import { x } from "${target}";\nexport const y = x;\n`),
        target,
      ).toEqual([expect.stringContaining("server/ never imports app/")]);
    }
    expect(
      await importErrors(
        "server/cart/bad.ts",
        `import type { X } from "../../app/lib/api-client.ts";\nexport type Y = X;\n`,
      ),
    ).toHaveLength(1);
    // A server test may still load a route to check the page and its service together.
    expect(
      await importErrors(
        "server/cart/cart.test.ts",
        `import { action } from "../../app/routes/cart.tsx";\nexport const x = action;\n`,
      ),
    ).toEqual([]);
  });

  it("lets app/ reach the server only through route modules and *.server files", async () => {
    expect(
      await importErrors(
        "app/features/cart/bad.ts",
        `import { readCart } from "../../../server/cart/cart.ts";\nexport const x = readCart;\n`,
      ),
    ).toEqual([expect.stringContaining("only through route modules")]);
    expect(
      await importErrors(
        "app/lib/bad.ts",
        `import type { CartView } from "../../server/cart/cart.ts";\nexport type X = CartView;\n`,
      ),
    ).toHaveLength(1);
    expect(
      await importErrors(
        "app/lib/bad.ts",
        `import { ItemCard } from "~/features/store/item-card";\nexport const x = ItemCard;\n`,
      ),
    ).toEqual([expect.stringContaining("imports neither features nor routes")]);
    expect(
      await importErrors(
        "app/routes/ok.tsx",
        `import { readCart } from "../../server/cart/cart.ts";\nexport const x = readCart;\n`,
      ),
    ).toEqual([]);
    expect(
      await importErrors("app/root.tsx", `import { config } from "../server/config.ts";\nexport const x = config;\n`),
    ).toEqual([]);
    expect(
      await importErrors(
        "app/features/seo/ok.server.ts",
        `import { config } from "../../../server/config.ts";\nexport const x = config;\n`,
      ),
    ).toEqual([]);
    expect(
      await importErrors(
        "app/features/cart/ok.ts",
        `import type { CartViewLine } from "../../../domain/cart-view.ts";\nexport type X = CartViewLine;\n`,
      ),
    ).toEqual([]);
  });

  it("keeps domain/ and messages/ below app/ and server/, free of frameworks and Node", async () => {
    expect(
      await importErrors("domain/bad.ts", `import { getDb } from "../server/db/index.ts";\nexport const x = getDb;\n`),
    ).toEqual([expect.stringContaining("domain/ is a floor below")]);
    expect(
      await importErrors(
        "domain/bad.ts",
        `import { messagesFor } from "../messages/messages.server.ts";\nexport const x = messagesFor;\n`,
      ),
    ).toHaveLength(1);
    for (const library of ["react", "drizzle-orm", "hono", "node:fs", "better-auth"]) {
      expect(
        await importErrors("domain/bad.ts", `import * as x from "${library}";\nexport const y = x;\n`),
        library,
      ).toEqual([expect.stringContaining("plain TypeScript")]);
    }
    expect(
      await importErrors(
        "domain/ok.ts",
        `import { z } from "zod";\nimport { formatMoney } from "./money.ts";\nexport const x = [z, formatMoney];\n`,
      ),
    ).toEqual([]);
    expect(
      await importErrors(
        "messages/en/bad.ts",
        `import { useMessages } from "../../app/features/i18n/use-locale.ts";\nexport const x = useMessages;\n`,
      ),
    ).toEqual([expect.stringContaining("messages/ is a floor below")]);
    expect(
      await importErrors(
        "messages/en/ok.ts",
        `import type { Locale } from "../../domain/locale.ts";\nexport type X = Locale;\n`,
      ),
    ).toEqual([]);
  });

  it("refuses scripts/ and test support in the site's code", async () => {
    expect(
      await importErrors(
        "server/cart/bad.ts",
        `import { seed } from "../../tests/support/shop.ts";\nexport const x = seed;\n`,
      ),
    ).toEqual([expect.stringContaining("never imports scripts/ or test support")]);
    expect(
      await importErrors(
        "app/routes/bad.tsx",
        `import { x } from "../../scripts/precompress.ts";\nexport const y = x;\n`,
      ),
    ).toHaveLength(1);
  });

  it("fails the browser's build on a module under server/, not the server's", () => {
    const plugin = serverStaysOnServer("/repo/server/");
    const load = plugin.load as (this: unknown, id: string) => unknown;
    const context = (name: string) => ({
      environment: { name },
      error: (message: string) => {
        throw new Error(message);
      },
    });
    expect(() => load.call(context("client"), "/repo/server/cart/cart.ts")).toThrow(
      /Server-only module referenced by the browser's bundle: server\/cart\/cart.ts/,
    );
    expect(load.call(context("ssr"), "/repo/server/cart/cart.ts")).toBeUndefined();
    expect(load.call(context("client"), "/repo/domain/cart.ts")).toBeUndefined();
  });
});

describe("no import circle (docs/architecture.md)", () => {
  async function circleErrors(filePath: string, code: string) {
    const [result] = await new ESLint().lintText(code, { filePath });
    return result.messages.filter((message) => message.ruleId === "local/no-import-cycle").map((m) => m.message);
  }

  it("refuses an import that leads back to the file making it, however long the way round", async () => {
    // expiry-sweep.ts imports release.ts: release importing the sweep back is a circle of two.
    expect(
      await circleErrors(
        "server/orders/release.ts",
        `import { expireOverdueOrders } from "./expiry-sweep.ts";\nexport const x = expireOverdueOrders;\n`,
      ),
    ).toEqual([
      expect.stringContaining("server/orders/release.ts → server/orders/expiry-sweep.ts → server/orders/release.ts"),
    ]);
    // A type-only import closes a circle too, and so does one through several files.
    expect(
      await circleErrors(
        "domain/money.ts",
        `import type { X } from "../server/orders/place-order.ts";\nexport type Y = X;\n`,
      ),
    ).toHaveLength(1);
    expect(
      await circleErrors(
        "server/orders/release.ts",
        `import { getDb } from "../db/index.ts";\nexport const x = getDb;\n`,
      ),
    ).toEqual([]);
  });
});
