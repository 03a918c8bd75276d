import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import importCycles from "./lint-rules/no-import-cycle.js";

// The floors and the arrows between them (docs/architecture.md): app → server only through route
// modules and *.server files; app and server → messages → domain; nothing imports scripts/ or tests/.
const up = (folders) => `^(~/|(\\.\\./)+)(${folders})/`;
const noServer = {
  regex: up("server"),
  message: "app/ reaches the server only through route modules (loaders, actions) and *.server.ts files.",
};
const noPages = {
  regex: "^(~/|(\\.\\./)+)(features|routes)/",
  message: "app/lib holds the pages' small helpers: it imports neither features nor routes.",
};
const noApp = {
  regex: up("app"),
  message: "server/ never imports app/: the rules both need live in domain/, the words in messages/.",
};
const noScriptsOrTests = {
  regex: up("scripts|tests"),
  message: "The site never imports scripts/ or test support.",
};
const noOuterFloors = (floor, folders) => ({
  regex: up(folders),
  message: `${floor}/ is a floor below app/ and server/: it imports neither (docs/architecture.md).`,
});
// domain/ is plain TypeScript: no React, no database, no HTTP, no Node-only API.
const frameworks = {
  group: [
    "react",
    "react-*",
    "react/*",
    "@react-router/*",
    "drizzle-orm",
    "drizzle-orm/*",
    "@electric-sql/*",
    "pg",
    "hono",
    "hono/*",
    "@hono/*",
    "better-auth",
    "better-auth/*",
    "nodemailer",
    "node:*",
    "fs",
    "path",
    "crypto",
    "os",
    "child_process",
  ],
  message: "domain/ and messages/ are plain TypeScript rules and words: no React, database, HTTP or Node-only API.",
};

export default tseslint.config(
  { ignores: ["build/", "data/", ".react-router/", "playwright-report/", "test-results/", "public/", "drizzle/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // The site removes and refuses control characters on purpose (ids, redirects, notes).
      "no-control-regex": "off",
    },
  },
  {
    // No circle among the site's modules (docs/architecture.md): each import runs one way.
    files: ["{app,server,domain,messages}/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    plugins: { local: importCycles },
    rules: { "local/no-import-cycle": "error" },
  },
  // Module boundaries (docs/architecture.md, decisions 041 and 051). Type-only imports count too.
  {
    files: ["app/**"],
    ignores: ["app/routes/**", "app/root.tsx", "app/**/*.server.{ts,tsx}", "**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [noServer, noScriptsOrTests] }] },
  },
  {
    files: ["app/lib/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [noServer, noPages, noScriptsOrTests] }] },
  },
  {
    files: ["app/routes/**", "app/root.tsx", "app/**/*.server.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [noScriptsOrTests] }] },
  },
  {
    files: ["server/**"],
    // A test may load a route to check the page and its service together.
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [noApp, noScriptsOrTests] }] },
  },
  {
    files: ["domain/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [noOuterFloors("domain", "app|server|messages|scripts|tests"), frameworks] },
      ],
    },
  },
  {
    files: ["messages/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [noOuterFloors("messages", "app|server|scripts|tests"), frameworks] },
      ],
    },
  },
  {
    // Tests read loosely typed JSON answers.
    files: ["**/*.test.ts", "tests/**/*.ts", "e2e/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // The providers and the payments table know nothing of orders (decision 036): the order flow
    // (server/orders/payment-flow.ts) calls them, never the reverse.
    files: ["server/payments/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/orders/*", "**/cart/*", "**/api/*", "**/quotes/*"],
              message:
                "server/payments holds only the providers, their config and the payments table: the order flow lives in server/orders.",
            },
          ],
        },
      ],
    },
  },
  {
    // Scripts are not React: their `use` draws an SVG <use>.
    files: ["scripts/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    // readMessages suspends through React's `use` and is called while rendering (components, hooks
    // and route `meta`), which is where `use` may run; the rule cannot see that from its name.
    files: ["app/i18n/catalogue.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);
