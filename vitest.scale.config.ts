import { defineConfig } from "vitest/config";

// npm run test:scale: two app servers of the production build on one PostgreSQL server
// (TEST_DATABASE_URL), started by the tests themselves. Run `npm run build` first.
export default defineConfig({
  test: {
    include: ["tests/scale/**/*.scale.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
