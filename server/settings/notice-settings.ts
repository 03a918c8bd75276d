import { eq } from "drizzle-orm";
import {
  NOTICE_KINDS,
  noticeFieldErrors,
  noticeSettingsSchema,
  type NoticeFieldError,
  type NoticeSettings,
} from "../../domain/studio-notices.ts";
import { getDb } from "../db/index.ts";
import { settingsChanges, studioNoticeSettings } from "../db/schema.ts";
import { getStudioIdentity } from "./studio-identity.ts";

export class NoticeSettingsInvalid extends Error {
  readonly errors: Record<string, NoticeFieldError>;
  constructor(errors: Record<string, NoticeFieldError>) {
    super("Invalid notice settings");
    this.name = "NoticeSettingsInvalid";
    this.errors = errors;
  }
}

/**
 * The studio's notice settings (one row; none until the owner saves): by default every notice is
 * on and goes to the studio's e-mail (Admin → Settings), in English, and an item is reported when its stock falls below 3.
 */
export async function getNoticeSettings(): Promise<NoticeSettings> {
  const db = await getDb();
  const [row] = await db.select().from(studioNoticeSettings).where(eq(studioNoticeSettings.id, 1));
  const studioEmail = (await getStudioIdentity()).email;
  const kinds = Object.fromEntries(
    NOTICE_KINDS.map((kind) => [kind, row?.kinds[kind] ?? { enabled: true, to: studioEmail }]),
  ) as NoticeSettings["kinds"];
  return { locale: row?.locale ?? "en", lowStockThreshold: row?.lowStockThreshold ?? 3, kinds };
}

/** Saves them (validated by the shared schema), logging who changed what in the settings' history. */
export async function updateNoticeSettings(actorUserId: string, input: unknown): Promise<NoticeSettings> {
  const parsed = noticeSettingsSchema.safeParse(input);
  if (!parsed.success) throw new NoticeSettingsInvalid(noticeFieldErrors(parsed.error));
  const before = await getNoticeSettings();
  const value = parsed.data;
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .insert(studioNoticeSettings)
      .values({ id: 1, ...value, updatedAt: new Date() })
      .onConflictDoUpdate({ target: studioNoticeSettings.id, set: { ...value, updatedAt: new Date() } });
    await tx.insert(settingsChanges).values({ actorUserId, area: "notices", change: { before, after: value } });
  });
  return value;
}
