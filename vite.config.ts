import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

/**
 * Fails the browser's build (and shows an error in development) when a module under server/ would
 * enter it: React Router's `.server` convention, for the folder of this repository's server code.
 * Route modules may import server/ for their loaders and actions, which React Router removes from
 * the browser's copy before their imports are followed.
 */
export function serverStaysOnServer(serverDir = fileURLToPath(new URL("./server/", import.meta.url))): Plugin {
  return {
    name: "studio:server-stays-on-server",
    load(id) {
      if (this.environment.name !== "client" || !id.startsWith(serverDir)) return;
      this.error(
        `Server-only module referenced by the browser's bundle: ${id.slice(serverDir.length - "server/".length)} (docs/decisions/041-module-boundaries.md)`,
      );
    },
  };
}

/**
 * `virtual:catalogue-chunks`: the browser's chunk of each message catalogue
 * (messages/<locale>/<feature>.ts → "/assets/…js", keyed "<locale>/<feature>"), read from the client
 * build so that the server can modulepreload the catalogues a page reads. Empty in development.
 */
function catalogueChunks(): Plugin {
  const id = "virtual:catalogue-chunks";
  const chunks: Record<string, string> = {};
  return {
    name: "studio:catalogue-chunks",
    sharedDuringBuild: true,
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) => (resolved === `\0${id}` ? `export default ${JSON.stringify(chunks)};` : undefined),
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      for (const chunk of Object.values(bundle)) {
        const match = chunk.type === "chunk" ? chunk.facadeModuleId?.match(/\/messages\/(en|fr)\/(\w+)\.ts$/) : null;
        if (match) chunks[`${match[1]}/${match[2]}`] = `/${chunk.fileName}`;
      }
    },
  };
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      // The shell's modules (and what they import: React, React Router, domain/) in one chunk
      // instead of some twenty files under 2 KB: on a slow phone connection each request costs a
      // round trip before the first paint (Lighthouse: LCP 2.4 → 2.0 s, performance 93–96 → 97–98).
      build: {
        rolldownOptions: {
          output: {
            advancedChunks: {
              groups: [{ name: "public-shared", test: /\/app\/features\/(shell|i18n|seo)\//, minShareCount: 2 }],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        rollupOptions: { input: "./server/app.ts" },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter(), catalogueChunks(), serverStaysOnServer()],
});
