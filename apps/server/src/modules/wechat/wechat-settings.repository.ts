import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { userIdentities } from '../users/users.tables.ts';
import { meetingWechatSettings, userWechatOpenids } from './wechat.tables.ts';

/** A meeting's WeChat settings row (meeting_wechat_settings); secrets still sealed. */
export type MeetingWechatSettings = typeof meetingWechatSettings.$inferSelect;

/**
 * The meeting as the WeChat API needs it: whether it exists, its custom domain (a JS-SDK page may be
 * on it) and its settings row (null: none, the deployment's defaults).
 */
export type WechatMeeting = { id: string; domain: string | null; settings: MeetingWechatSettings | null };

/** The meeting and its WeChat settings in one read, or null when the meeting does not exist. */
export async function getMeetingWechatSettings(
  db: Database,
  meetingId: string,
): Promise<WechatMeeting | null> {
  const [row] = await db
    .select({ id: meetings.id, domain: meetings.domain, settings: meetingWechatSettings })
    .from(meetings)
    .leftJoin(meetingWechatSettings, eq(meetingWechatSettings.meetingId, meetings.id))
    .where(eq(meetings.id, meetingId))
    .limit(1);
  return row ? { id: row.id, domain: row.domain, settings: row.settings } : null;
}

/**
 * The openid `userId` has for `appid` (§3 User.wechat_credentials), or null. `loginAppid`: the AppID of
 * WeChat web login (WECHAT_APPID) — a user who signed in with WeChat has that AppID's openid in their
 * identity's profile even before POST /wechat/openid.
 */
export async function findOpenidOfUser(
  db: Database,
  input: { userId: string; appid: string; loginAppid: string | undefined },
): Promise<string | null> {
  const [stored] = await db
    .select({ openid: userWechatOpenids.openid })
    .from(userWechatOpenids)
    .where(and(eq(userWechatOpenids.userId, input.userId), eq(userWechatOpenids.appid, input.appid)))
    .orderBy(sql`${userWechatOpenids.updatedAt} desc`)
    .limit(1);
  if (stored) return stored.openid;
  if (!input.loginAppid || input.loginAppid !== input.appid) return null;
  const [identity] = await db
    .select({ openid: sql<string | null>`${userIdentities.profile}->>'openid'` })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, input.userId), eq(userIdentities.provider, 'wechat')))
    .limit(1);
  return identity?.openid ?? null;
}

/**
 * Keeps `openid` of `appid` for `userId` (one statement: INSERT … ON CONFLICT (appid, openid) DO UPDATE
 * only when the row is already that user's), and answers the user the openid belongs to afterwards —
 * another user's id means the openid was already theirs and nothing changed.
 */
export async function saveOpenid(
  db: Database,
  input: { appid: string; openid: string; userId: string; unionid: string | null },
): Promise<string> {
  const [saved] = await db
    .insert(userWechatOpenids)
    .values(input)
    .onConflictDoUpdate({
      target: [userWechatOpenids.appid, userWechatOpenids.openid],
      set: { unionid: sql`coalesce(excluded.unionid, ${userWechatOpenids.unionid})`, updatedAt: new Date() },
      setWhere: eq(userWechatOpenids.userId, input.userId),
    })
    .returning({ userId: userWechatOpenids.userId });
  if (saved) return saved.userId;
  const [owner] = await db
    .select({ userId: userWechatOpenids.userId })
    .from(userWechatOpenids)
    .where(and(eq(userWechatOpenids.appid, input.appid), eq(userWechatOpenids.openid, input.openid)))
    .limit(1);
  return owner?.userId ?? input.userId;
}
