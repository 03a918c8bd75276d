import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import S3rver from "s3rver";
import { SMTPServer } from "smtp-server";
import { s3MediaStorage } from "../../server/media/storage.ts";

/**
 * Several real app servers (the production build) on one PostgreSQL database, for the scale
 * tests and bench:scale. Each server logs to a file in the run's folder.
 */

export type AppServer = {
  name: string;
  url: string;
  process: ChildProcess;
  log: string;
  /** SIGTERM, and the exit code. */
  stop: () => Promise<number | null>;
  /** SIGKILL: the server dies where it is. */
  kill: () => Promise<void>;
};

export function requireDatabaseServer(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      "The scale tests need a PostgreSQL server: TEST_DATABASE_URL=postgres://user@host:port/db npm run test:scale (after npm run build). .ci/run starts one.",
    );
  }
  return url;
}

/** A new, empty database on the server of `serverUrl`; `drop` removes it. */
export async function createDatabase(
  serverUrl: string,
  prefix = "studio_scale",
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export const runFolder = mkdtempSync(path.join(tmpdir(), "studio-scale-"));

export async function startAppServer(name: string, port: number, env: Record<string, string>): Promise<AppServer> {
  const url = `http://127.0.0.1:${port}`;
  const log = path.join(runFolder, `${name}.log`);
  const out = createWriteStream(log);
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(runFolder, name),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}; see ${log}`);
    if (Date.now() > deadline) throw new Error(`${name} was not ready within 60 s; see ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    name,
    url,
    process: child,
    log,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
    kill: async () => {
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/**
 * An S3-compatible server (s3rver) on loopback with one bucket: the `env` that points app servers
 * at it (several app servers need shared storage), and the bucket as the site's storage sees it.
 */
export async function startObjectStore() {
  const bucket = "studio-media";
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: mkdtempSync(path.join(runFolder, "s3-")),
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as unknown as { port: number };
  const settings = {
    bucket,
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
  return {
    env: {
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: "on",
    },
    bucket: s3MediaStorage(settings),
    close: () => server.close(),
  };
}

export type SinkMessage = { subject: string; to: string[] };

/** An SMTP server that keeps what it accepts; `delayMs` slows each acceptance down. */
export async function startSmtpSink(options: { delayMs?: number } = {}) {
  const received: SinkMessage[] = [];
  let delayMs = options.delayMs ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let data = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (data += chunk));
      stream.on("end", () => {
        setTimeout(() => {
          const subject = /^Subject: (.*)$/m.exec(data)?.[1]?.trim() ?? "";
          received.push({ subject, to: session.envelope.rcptTo.map((r) => r.address) });
          callback();
        }, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    setDelay: (ms: number) => (delayMs = ms),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser-like client of the site: JSON calls with the site's Origin, one client address, cookies. */
export function client(publicUrl: string, address: string) {
  // Kept by name, as a browser does: an answer may set one cookie (a refreshed session cache) and leave the others.
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  async function send(server: AppServer, pathname: string, init: { method?: string; body?: unknown } = {}) {
    const method = init.method ?? (init.body === undefined ? "GET" : "POST");
    const headers: Record<string, string> = { "x-forwarded-for": address };
    if (method !== "GET") headers.origin = publicUrl;
    if (init.body !== undefined) headers["content-type"] = "application/json";
    if (jar.size > 0) headers.cookie = cookieHeader();
    const response = await fetch(server.url + pathname, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (!value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }
  return {
    send,
    cookie: cookieHeader,
    address,
    async json<T = any>(
      server: AppServer,
      pathname: string,
      init: { method?: string; body?: unknown } = {},
    ): Promise<{ status: number; body: T }> {
      const response = await send(server, pathname, init);
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    },
    async signUp(server: AppServer, email: string, password = "scale-password") {
      const response = await send(server, "/api/auth/sign-up/email", {
        body: { name: email.split("@")[0], email, password },
      });
      if (!response.ok)
        throw new Error(`sign-up of ${email} through ${server.name}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { user: { id: string } };
    },
  };
}

export async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
