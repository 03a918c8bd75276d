import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export type RunningServer = { url: string; dataDir: string; process: ChildProcess; stop: () => Promise<void> };

/** Node's flags in `npm run serve` (package.json): the server measured is the server deployed. */
function serveFlags(): string[] {
  const serve =
    (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts.serve ?? "";
  const flags = /\bnode ((?:--\S+ )*)server\/main\.ts/.exec(serve)?.[1] ?? "";
  return flags.split(" ").filter(Boolean);
}

/** Starts the production build (run `npm run build` first) on a fresh database folder, as `npm run serve` does. */
export async function startServer(options: {
  port: number;
  dataDir?: string;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "studio-bench-"));
  const url = `http://localhost:${options.port}`;
  const child = spawn(process.execPath, [...serveFlags(), "server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PAYMENTS: "sandbox",
      PORT: String(options.port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      ...options.env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/robots.txt`)).status < 500) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error("the server did not start within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    dataDir,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
