import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "domain/**/*.test.ts",
      "messages/**/*.test.ts",
      "app/**/*.test.ts",
      "server/**/*.test.ts",
      "tests/**/*.test.ts",
    ],
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/per-file-database.ts"],
    env: {
      NODE_ENV: "test",
      SAMPLE_DATA: "off",
      PUBLIC_URL: "http://localhost:3000",
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    },
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
