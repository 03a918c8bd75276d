import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const noServer = {
  regex: "^(\\.\\./)+server/",
  message: "app/features and app/lib never import server/: a route passes what they need (shared types live in app/lib).",
};
const noPages = {
  regex: "^(~/|(\\.\\./)+)(features|routes)/",
  message: "app/lib holds rules shared by browser and server: it imports neither features nor routes.",
};
const noFeatures = {
  regex: "^(~/|(\\.\\./)+app/)(features|routes)/",
  message: "server/ never imports app/features or app/routes: routes call the server, not the other way round.",
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
  // Module boundaries (docs/decisions/041-module-boundaries.md): routes are the only bridge between
  // the pages' code and the server's. Type-only imports count too: shared types live in app/lib.
  {
    files: ["app/features/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [noServer] }] },
  },
  {
    files: ["app/lib/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [noServer, noPages] }] },
  },
  {
    files: ["server/**"],
    // A test may load a route to check the page and its service together.
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [noFeatures] }] },
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
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/orders/*", "**/cart/*", "**/api/*", "**/quotes/*"], message: "server/payments holds only the providers, their config and the payments table: the order flow lives in server/orders." }] }],
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
