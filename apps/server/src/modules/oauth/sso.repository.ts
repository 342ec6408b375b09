import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { meetingSsoProviders, meetingWechatSettings } from '../wechat/wechat.tables.ts';

export type MeetingSsoRow = typeof meetingSsoProviders.$inferSelect;
export type MeetingWechatSettingsRow = typeof meetingWechatSettings.$inferSelect;

/** A meeting's WeChat and sign-in settings row, undefined when the organiser never saved one. */
export async function findMeetingSignInSettings(
  db: Database,
  meetingId: string,
): Promise<MeetingWechatSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(meetingWechatSettings)
    .where(eq(meetingWechatSettings.meetingId, meetingId))
    .limit(1);
  return row;
}

/** A meeting's single sign-on set-up for `provider` (e.g. 'chinaief'), enabled or not. */
export async function findMeetingSso(
  db: Database,
  meetingId: string,
  provider: string,
): Promise<MeetingSsoRow | undefined> {
  const [row] = await db
    .select()
    .from(meetingSsoProviders)
    .where(and(eq(meetingSsoProviders.meetingId, meetingId), eq(meetingSsoProviders.provider, provider)))
    .limit(1);
  return row;
}
