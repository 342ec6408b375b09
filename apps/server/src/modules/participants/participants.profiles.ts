import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type MembershipLevel, meetingUserProfiles } from './participants.tables.ts';

/** A user's profile in one meeting with every default filled in (§3 Exposure setting). */
export type MeetingProfile = {
  meetingId: string;
  userId: string;
  /** Listed in the people directory and recommendable (the user's choice; default off). */
  exposure: boolean;
  /** Scanning their personal QR connects at once (the user's choice; default on). */
  cardExchange: boolean;
  /** Set by the organiser; such users never exchange cards (§6). */
  specialIdentity: boolean;
  specialIdentityLabel: string;
  membershipLevel: MembershipLevel | null;
  tags: string[];
  industryId: string | null;
  introduction: string;
};

/** The meeting profile of `userId` in `meetingId`, defaults when the user never set one. */
export async function findMeetingProfile(
  db: Database,
  meetingId: string,
  userId: string,
): Promise<MeetingProfile> {
  const [row] = await db
    .select()
    .from(meetingUserProfiles)
    .where(and(eq(meetingUserProfiles.meetingId, meetingId), eq(meetingUserProfiles.userId, userId)))
    .limit(1);
  return {
    meetingId,
    userId,
    exposure: row?.exposure === 1,
    cardExchange: (row?.cardExchange ?? 1) === 1,
    specialIdentity: row?.specialIdentity === 1,
    specialIdentityLabel: row?.specialIdentityLabel ?? '',
    membershipLevel: row?.membershipLevel ?? null,
    tags: row?.tags ?? [],
    industryId: row?.industryId ?? null,
    introduction: row?.introduction ?? '',
  };
}
