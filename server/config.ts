import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

function env(name: string, fallback: string): string {
  const value = process.env[name];
  return value === undefined || value === "" ? fallback : value;
}

function positiveInt(name: string, fallback: number): number {
  const value = Number.parseInt(env(name, String(fallback)), 10);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** The sample studio a new install starts as, unless the STUDIO_* variables name another. */
export const SAMPLE_STUDIO = {
  name: "Forge & Filament",
  phone: "+1 514 555 0142",
  email: "hello@forgefilament.example",
  city: "Montréal, QC",
};

/** A whole number from `min` to `max`; anything else is the fallback. */
function intBetween(name: string, min: number, max: number, fallback: number): number {
  const text = env(name, String(fallback));
  const value = Number(text);
  return /^\d+$/.test(text) && value >= min && value <= max ? value : fallback;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || "localhost";
  } catch {
    return "localhost";
  }
}

export const config = {
  port: positiveInt("PORT", 3000),
  host: env("HOST", "0.0.0.0"),
  production: process.env.NODE_ENV === "production",
  dataDir: path.resolve(env("DATA_DIR", "./data")),
  databaseUrl: process.env.DATABASE_URL || undefined,
  publicUrl: env("PUBLIC_URL", `http://localhost:${positiveInt("PORT", 3000)}`),
  trustProxy: env("TRUST_PROXY", "off") === "on",
  sampleData: env("SAMPLE_DATA", "on") !== "off",
  currency: env("CURRENCY", "CAD").toUpperCase(),
  /** How long an unpaid order holds its stock once the buyer is at the card form. */
  reservationMinutes: positiveInt("RESERVATION_MINUTES", 30),
  /** How long it holds it before that: a stranger's order that never goes to pay lets go soon. */
  unpaidHoldMinutes: positiveInt("UNPAID_HOLD_MINUTES", 10),
  /** The units one client address may hold in unpaid orders at once. */
  unpaidUnitsPerAddress: positiveInt("UNPAID_UNITS_PER_ADDRESS", 50),
  /** The largest order the shop takes online ($25,000 by default); a larger one is refused before anything is held. */
  orderMaxTotalCents: positiveInt("ORDER_MAX_TOTAL_CENTS", 2_500_000),
  smtpUrl: process.env.SMTP_URL || undefined,
  // The sender is the studio's name (Admin → Settings) at MAIL_SENDER; MAIL_FROM replaces both.
  mailFrom: process.env.MAIL_FROM || undefined,
  mailSender: env("MAIL_SENDER", `no-reply@${hostOf(env("PUBLIC_URL", "http://localhost"))}`),
  // How often each app server runs the outbox, and how long it keeps a message it took.
  mailIntervalSeconds: positiveInt("MAIL_INTERVAL_SECONDS", 60),
  mailLeaseSeconds: positiveInt("MAIL_LEASE_SECONDS", 300),
  // How long the studio's message on an order waits before it is e-mailed with those written after it (decision 081).
  conversationMailWaitSeconds: positiveInt("CONVERSATION_MAIL_WAIT_SECONDS", 180),
  // How often each app server looks for orders whose hold has run out.
  holdSweepSeconds: positiveInt("HOLD_SWEEP_SECONDS", 30),
  // Uploaded pictures and files (buyers' 3D files too) in an S3-compatible bucket instead of DATA_DIR (several app servers).
  s3: process.env.S3_BUCKET
    ? {
        bucket: process.env.S3_BUCKET,
        region: env("S3_REGION", "us-east-1"),
        endpoint: process.env.S3_ENDPOINT || undefined,
        accessKeyId: process.env.S3_ACCESS_KEY_ID || undefined,
        secretAccessKey: process.env.S3_SECRET_ACCESS_KEY || undefined,
        forcePathStyle: env("S3_FORCE_PATH_STYLE", "off") === "on",
      }
    : undefined,
  /** The daily backup (issue 52): the studio's hour it runs at, and how many daily and weekly archives stay. */
  backups: {
    scheduled: env("BACKUP_SCHEDULE", "on") !== "off",
    hour: intBetween("BACKUP_HOUR", 0, 23, 3),
    keepDaily: intBetween("BACKUP_KEEP_DAILY", 1, 365, 7),
    keepWeekly: intBetween("BACKUP_KEEP_WEEKLY", 0, 520, 4),
  },
  /** The studio's identity on a new install's first start; afterwards Admin → Settings (server/settings/studio-identity.ts). */
  studioSeed: {
    name: env("STUDIO_NAME", SAMPLE_STUDIO.name),
    phone: env("STUDIO_PHONE", SAMPLE_STUDIO.phone),
    email: env("STUDIO_EMAIL", SAMPLE_STUDIO.email),
    city: env("STUDIO_CITY", SAMPLE_STUDIO.city),
    instagram: env("STUDIO_INSTAGRAM", "https://www.instagram.com/"),
    youtube: env("STUDIO_YOUTUBE", "https://www.youtube.com/"),
  },
};

/** The secret that signs sessions: AUTH_SECRET, else one generated once and kept in DATA_DIR. */
export function authSecret(): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  const file = path.join(config.dataDir, ".auth-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
