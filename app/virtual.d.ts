declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}

declare module "virtual:catalogue-chunks" {
  /** "<locale>/<feature>" → the URL of that catalogue's chunk in the browser build (vite.config.ts). */
  const chunks: Record<string, string>;
  export default chunks;
}
