import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { meetingWechatSettings } from './wechat.tables.ts';

/** A meeting's WeChat settings row (meeting_wechat_settings). */
export type WechatSettingsRow = typeof meetingWechatSettings.$inferSelect;

/** What an authorisation stores (§3 wechat_authorize.authorizer_appid). */
export type AuthorizationFields = {
  authorizerAppid: string;
  authorizerRefreshTokenSealed: string;
  authorizerName: string;
  authorizerFuncInfo: number[];
};

/** The meeting's settings row, or undefined when the meeting has none (server defaults). */
export async function findWechatSettingsRow(
  db: Database,
  meetingId: string,
): Promise<WechatSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(meetingWechatSettings)
    .where(eq(meetingWechatSettings.meetingId, meetingId))
    .limit(1);
  return row;
}

/**
 * Stores a finished authorisation on the meeting (creating its settings row when it has none) and
 * switches the meeting to `platform` mode, in one statement.
 */
export async function saveAuthorization(
  db: Database,
  meetingId: string,
  fields: AuthorizationFields,
): Promise<void> {
  const values = {
    ...fields,
    officialMode: 'platform',
    authorizedAt: new Date(),
    updatedAt: new Date(),
  };
  await db
    .insert(meetingWechatSettings)
    .values({ meetingId, ...values })
    .onConflictDoUpdate({ target: meetingWechatSettings.meetingId, set: values });
}

/**
 * Updates every meeting authorised by `authorizerAppid` (WeChat's `updateauthorized` push, or a new
 * refresh token from api_authorizer_token). Answers how many rows changed.
 */
export async function updateAuthorizationOfAppid(
  db: Database,
  authorizerAppid: string,
  fields: Partial<Pick<AuthorizationFields, 'authorizerRefreshTokenSealed' | 'authorizerFuncInfo'>>,
): Promise<number> {
  const rows = await db
    .update(meetingWechatSettings)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(meetingWechatSettings.authorizerAppid, authorizerAppid))
    .returning({ meetingId: meetingWechatSettings.meetingId });
  return rows.length;
}

/**
 * Forgets the authorisation of `authorizerAppid` on every meeting (WeChat's `unauthorized` push): the
 * meetings stay in platform mode, so their official-account features answer 'The official account is
 * not authorized' (§8) until it authorises again. Answers the meetings changed.
 */
export async function clearAuthorizationOfAppid(db: Database, authorizerAppid: string): Promise<string[]> {
  const rows = await db
    .update(meetingWechatSettings)
    .set({
      authorizerAppid: null,
      authorizerRefreshTokenSealed: null,
      authorizerName: '',
      authorizerFuncInfo: [],
      authorizedAt: null,
      updatedAt: new Date(),
    })
    .where(eq(meetingWechatSettings.authorizerAppid, authorizerAppid))
    .returning({ meetingId: meetingWechatSettings.meetingId });
  return rows.map((row) => row.meetingId);
}

/** The first settings row holding a live authorisation by `authorizerAppid` (any meeting). */
export async function findAuthorizedRowOfAppid(
  db: Database,
  authorizerAppid: string,
): Promise<WechatSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(meetingWechatSettings)
    .where(
      and(
        eq(meetingWechatSettings.authorizerAppid, authorizerAppid),
        isNotNull(meetingWechatSettings.authorizerRefreshTokenSealed),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The meetings already using the official account `appid`: authorised through our platform, or
 * entered in `own` mode.
 */
export async function findMeetingIdsUsingAppid(db: Database, appid: string): Promise<string[]> {
  const rows = await db
    .select({ meetingId: meetingWechatSettings.meetingId })
    .from(meetingWechatSettings)
    .where(
      or(
        eq(meetingWechatSettings.authorizerAppid, appid),
        and(eq(meetingWechatSettings.officialMode, 'own'), eq(meetingWechatSettings.officialAppid, appid)),
      ),
    );
  return rows.map((row) => row.meetingId);
}
