import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { serverStaysOnServer } from "../../vite.config.ts";

/** The import rules of docs/decisions/041-module-boundaries.md, on a file that breaks them. */
async function importErrors(filePath: string, code: string) {
  const eslint = new ESLint();
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.message);
}

describe("module boundaries", () => {
  it("refuses server/ in features and app/lib, type-only imports included", async () => {
    expect(await importErrors("app/features/cart/bad.ts", `import { readCart } from "../../../server/cart/cart.ts";\nexport const x = readCart;\n`)).toEqual([
      expect.stringContaining("app/features and app/lib never import server/"),
    ]);
    expect(await importErrors("app/lib/bad.ts", `import type { CartView } from "../../server/cart/cart.ts";\nexport type X = CartView;\n`)).toHaveLength(1);
    expect(await importErrors("app/lib/bad.ts", `import { ItemCard } from "~/features/store/item-card";\nexport const x = ItemCard;\n`)).toEqual([
      expect.stringContaining("imports neither features nor routes"),
    ]);
  });

  it("refuses app/features and app/routes in server/", async () => {
    expect(await importErrors("server/cart/bad.ts", `import { useCartAction } from "../../app/features/cart/cart-contents.tsx";\nexport const x = useCartAction;\n`)).toEqual([
      expect.stringContaining("server/ never imports app/features"),
    ]);
    expect(await importErrors("server/cart/bad.ts", `import { action } from "../../app/routes/cart.tsx";\nexport const x = action;\n`)).toHaveLength(1);
  });

  it("lets routes bridge them, and features use app/lib", async () => {
    expect(await importErrors("app/routes/bad.tsx", `import { readCart } from "../../server/cart/cart.ts";\nexport const x = readCart;\n`)).toEqual([]);
    expect(await importErrors("app/features/cart/ok.ts", `import type { CartViewLine } from "~/lib/cart-view";\nexport type X = CartViewLine;\n`)).toEqual([]);
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
    expect(() => load.call(context("client"), "/repo/server/cart/cart.ts")).toThrow(/Server-only module referenced by the browser's bundle: server\/cart\/cart.ts/);
    expect(load.call(context("ssr"), "/repo/server/cart/cart.ts")).toBeUndefined();
    expect(load.call(context("client"), "/repo/app/lib/cart.ts")).toBeUndefined();
  });
});
