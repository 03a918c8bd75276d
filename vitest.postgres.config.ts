import { configDefaults, defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.ts";

// npm run test:postgres: the suite again on a PostgreSQL server (TEST_DATABASE_URL), for what
// touches the database: the driver's types, locks between connections, the server's notices. Files
// that never open it would only run twice: the pure rules, the texts and the browser's code, the
// slicer's own tests (PrusaSlicer and files), and create-admin, whose script opens PGlite itself.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [
        ...configDefaults.exclude,
        "domain/**",
        "messages/**",
        "app/**",
        "server/quotes/slice-resolution.test.ts",
        "server/quotes/slicer.test.ts",
        "tests/create-admin.test.ts",
      ],
    },
  }),
);
