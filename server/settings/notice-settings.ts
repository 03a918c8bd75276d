import { eq } from "drizzle-orm";
import {
  NOTICE_KINDS,
  noticeFieldErrors,
  noticeSettingsSchema,
  type NoticeSettings,
} from "../../domain/studio-notices.ts";
import { getDb } from "../db/index.ts";
import { settingsChanges, studioNoticeSettings } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { getStudioIdentity } from "./studio-identity.ts";

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

/**
 * Saves them (validated by the shared schema), logging who changed what in the settings' history.
 * Refused as `notices.settings_invalid` with the NoticeFieldError of each field.
 */
export async function updateNoticeSettings(actorUserId: string, input: unknown): Promise<NoticeSettings> {
  const parsed = noticeSettingsSchema.safeParse(input);
  if (!parsed.success) throw new DomainError("notices.settings_invalid", { fields: noticeFieldErrors(parsed.error) });
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
