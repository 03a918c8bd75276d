import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A worker thread's file (`name`, in server/quotes/): beside this module (development, tests), or,
 * once the server's code is bundled into build/server/ for production, in the source tree that ships
 * with the build (server/main.ts runs from there too), found by walking up from the bundle's chunk.
 */
export function workerFile(name: string): string {
  let folder = path.dirname(fileURLToPath(import.meta.url));
  const beside = path.join(folder, name);
  if (existsSync(beside)) return beside;
  for (;;) {
    const candidate = path.join(folder, "server", "quotes", name);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`server/quotes/${name} is missing`);
    folder = parent;
  }
}
