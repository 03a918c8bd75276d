import { eq } from "drizzle-orm";
import {
  DEFAULT_HOURS,
  prefixFromName,
  STARTING_HOURS_NOTE,
  STARTING_TAGLINE,
  type StudioIdentity,
} from "../../domain/studio-identity.ts";
import { identityErrors, studioIdentitySchema } from "../../domain/studio-identity-form.ts";
import { config } from "../config.ts";
import { getDb, type Database } from "../db/index.ts";
import { settingsChanges, studioIdentity } from "../db/schema.ts";
import { siteChanged } from "../db/site-changes.ts";
import { snapshot } from "../db/snapshot.ts";
import { DomainError } from "../errors.ts";
import { storePicture } from "../media/images.ts";

type Reader = Pick<Database, "select" | "insert">;

export type StoredStudioIdentity = StudioIdentity & { updatedAt: Date };

/**
 * The one reader of the studio's identity (issue 23): every page, e-mail and the JSON-LD read it
 * here, never `config.studioSeed`. The row is written on the first read of a new install from the
 * STUDIO_* variables; afterwards only Admin → Settings changes it. Kept in memory until the
 * settings change here or on another app server, or for `SNAPSHOT_MS` at most.
 */
const cached = snapshot<StoredStudioIdentity>("settings");

/** The identity a new install starts with, from the STUDIO_* variables. */
export function seedIdentity(): StudioIdentity {
  const seed = config.studioSeed;
  return {
    name: seed.name,
    phone: seed.phone,
    email: seed.email,
    street: "",
    city: seed.city,
    hours: DEFAULT_HOURS,
    closures: [],
    socials: {
      instagram: seed.instagram || null,
      youtube: seed.youtube || null,
      facebook: null,
      tiktok: null,
      linkedin: null,
    },
    tagline: STARTING_TAGLINE,
    hoursNote: STARTING_HOURS_NOTE,
    orderPrefix: prefixFromName(seed.name),
    logo: null,
  };
}

async function readRow(db: Reader): Promise<StoredStudioIdentity> {
  let [row] = await db.select().from(studioIdentity).where(eq(studioIdentity.id, 1));
  if (!row) {
    await db
      .insert(studioIdentity)
      .values({ id: 1, ...seedIdentity() })
      .onConflictDoNothing();
    [row] = await db.select().from(studioIdentity).where(eq(studioIdentity.id, 1));
  }
  const { name, phone, email, street, city, hours, closures, socials, tagline, hoursNote, orderPrefix, logo } = row!;
  return {
    ...{ name, phone, email, street, city, hours, closures, socials, tagline, hoursNote, orderPrefix, logo },
    updatedAt: row!.updatedAt,
  };
}

/**
 * `db`: the caller's transaction when there is one (PGlite runs one query at a time: a query
 * beside the transaction would wait for ever); such a read is not kept.
 */
export async function getStudioIdentity(db: Reader | null = null): Promise<StoredStudioIdentity> {
  const kept = cached.current();
  if (kept) return kept;
  if (db) return readRow(db);
  return cached.keep(getDb().then(readRow));
}

/** What the pages get (the root loader): the identity without its bookkeeping. */
export async function publicStudioIdentity(): Promise<StudioIdentity> {
  const { name, phone, email, street, city, hours, closures, socials, tagline, hoursNote, orderPrefix, logo } =
    await getStudioIdentity();
  return { name, phone, email, street, city, hours, closures, socials, tagline, hoursNote, orderPrefix, logo };
}

/**
 * Saves the identity (validated by the shared schema). `loadedAt` (updatedAt as the form showed
 * it) refuses a save from a page older than the latest save. Every app server forgets its copy and
 * its cached pages (`siteChanged("settings")`).
 */
export async function updateStudioIdentity(
  actorUserId: string,
  input: unknown,
  loadedAt?: string,
): Promise<StoredStudioIdentity> {
  const parsed = studioIdentitySchema.safeParse(input);
  if (!parsed.success) throw new DomainError("settings.invalid", { fields: identityErrors(parsed.error.issues) });
  const db = await getDb();
  const before = await readRow(db);
  const sent = parsed.data;
  const after = {
    ...sent,
    tagline: sent.tagline ?? before.tagline,
    hoursNote: sent.hoursNote ?? before.hoursNote,
    orderPrefix: sent.orderPrefix ?? before.orderPrefix,
  };
  if (loadedAt !== undefined && new Date(loadedAt).getTime() !== before.updatedAt.getTime())
    throw new DomainError("settings.stale");
  const changed = Object.fromEntries(
    (Object.keys(after) as (keyof typeof after)[])
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .map((key) => [key, { from: before[key], to: after[key] }]),
  );
  if (Object.keys(changed).length === 0) return before;
  await db.transaction(async (tx) => {
    // Under the row's lock: a save that landed since this one read the identity makes it stale.
    const [current] = await tx
      .select({ updatedAt: studioIdentity.updatedAt })
      .from(studioIdentity)
      .where(eq(studioIdentity.id, 1))
      .for("update");
    if (loadedAt !== undefined && current && current.updatedAt.getTime() !== before.updatedAt.getTime())
      throw new DomainError("settings.stale");
    await tx
      .update(studioIdentity)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(studioIdentity.id, 1));
    await tx.insert(settingsChanges).values({ actorUserId, area: "identity", change: changed });
  });
  siteChanged("settings");
  return getStudioIdentity();
}

/**
 * The studio's logo: an uploaded picture (checked and re-encoded by the media pipeline, with a PNG
 * for e-mail clients that show no WebP), or null for the drawn mark. Replaces the one before.
 */
export async function setStudioLogo(actorUserId: string, bytes: Uint8Array | null): Promise<StoredStudioIdentity> {
  const logo = bytes ? (await storePicture(bytes, { png: true })).url : null;
  const db = await getDb();
  const before = await readRow(db);
  await db.transaction(async (tx) => {
    await tx.update(studioIdentity).set({ logo, updatedAt: new Date() }).where(eq(studioIdentity.id, 1));
    await tx
      .insert(settingsChanges)
      .values({ actorUserId, area: "identity", change: { logo: { from: before.logo, to: logo } } });
  });
  siteChanged("settings");
  return getStudioIdentity();
}
