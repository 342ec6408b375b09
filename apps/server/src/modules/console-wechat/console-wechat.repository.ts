import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { meetingSsoProviders, meetingWechatSettings } from '../wechat/wechat.tables.ts';

/**
 * The console's reads and writes of a meeting's WeChat and sign-in set-up (DESIGN §4.2: the only code
 * here that touches Drizzle): the meeting_wechat_settings row and its `chinaief` meeting_sso_providers
 * row. Writes run inside the caller's transaction after `lock…` took the rows.
 */

export type WechatSettingsRow = typeof meetingWechatSettings.$inferSelect;
export type WechatSettingsValues = Omit<typeof meetingWechatSettings.$inferInsert, 'meetingId' | 'createdAt'>;
export type SsoProviderRow = typeof meetingSsoProviders.$inferSelect;
export type SsoProviderValues = Omit<
  typeof meetingSsoProviders.$inferInsert,
  'meetingId' | 'provider' | 'createdAt'
>;

/** The provider key of the meeting's own OpenID Connect sign-in (§2 /oauth/chinaief). */
export const chinaiefProvider = 'chinaief';

/** The meeting's WeChat settings row, or null (never saved: defaults apply). */
export async function findWechatSettings(db: Database, meetingId: string): Promise<WechatSettingsRow | null> {
  const [row] = await db
    .select()
    .from(meetingWechatSettings)
    .where(eq(meetingWechatSettings.meetingId, meetingId));
  return row ?? null;
}

/** Whether any meeting holds `appid` as its account authorised to the third-party platform. */
export async function isAuthorizerAppid(db: Database, appid: string): Promise<boolean> {
  const [row] = await db
    .select({ meetingId: meetingWechatSettings.meetingId })
    .from(meetingWechatSettings)
    .where(eq(meetingWechatSettings.authorizerAppid, appid))
    .limit(1);
  return Boolean(row);
}

/** The meeting's `chinaief` SSO row, or null. */
export async function findChinaief(db: Database, meetingId: string): Promise<SsoProviderRow | null> {
  const [row] = await db
    .select()
    .from(meetingSsoProviders)
    .where(
      and(eq(meetingSsoProviders.meetingId, meetingId), eq(meetingSsoProviders.provider, chinaiefProvider)),
    );
  return row ?? null;
}

/**
 * Takes the meeting's settings row under a row lock, creating it with defaults first when missing
 * (INSERT … ON CONFLICT DO NOTHING, then SELECT … FOR UPDATE), so two saves of one meeting run one
 * after the other and each merges onto the other's result. Inside a transaction only.
 */
export async function lockWechatSettings(tx: Database, meetingId: string): Promise<WechatSettingsRow> {
  await tx.insert(meetingWechatSettings).values({ meetingId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(meetingWechatSettings)
    .where(eq(meetingWechatSettings.meetingId, meetingId))
    .for('update');
  return row as WechatSettingsRow;
}

/** The meeting's `chinaief` row under a row lock, or null. Inside a transaction only. */
export async function lockChinaief(tx: Database, meetingId: string): Promise<SsoProviderRow | null> {
  const [row] = await tx
    .select()
    .from(meetingSsoProviders)
    .where(
      and(eq(meetingSsoProviders.meetingId, meetingId), eq(meetingSsoProviders.provider, chinaiefProvider)),
    )
    .for('update');
  return row ?? null;
}

/** Writes the settings row (locked before by lockWechatSettings). */
export async function updateWechatSettings(
  tx: Database,
  meetingId: string,
  values: WechatSettingsValues,
): Promise<WechatSettingsRow> {
  const [row] = await tx
    .update(meetingWechatSettings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(meetingWechatSettings.meetingId, meetingId))
    .returning();
  return row as WechatSettingsRow;
}

/** Inserts or replaces the meeting's `chinaief` row. */
export async function upsertChinaief(
  tx: Database,
  meetingId: string,
  values: SsoProviderValues,
): Promise<SsoProviderRow> {
  const [row] = await tx
    .insert(meetingSsoProviders)
    .values({ meetingId, provider: chinaiefProvider, ...values })
    .onConflictDoUpdate({
      target: [meetingSsoProviders.meetingId, meetingSsoProviders.provider],
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  return row as SsoProviderRow;
}
