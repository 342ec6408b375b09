import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { speakers } from '../speakers/speakers.tables.ts';
import { users } from '../users/users.tables.ts';
import { speakerInvitations } from './speaker-invitations.tables.ts';

export type SpeakerInvitationRow = typeof speakerInvitations.$inferSelect;
export type NewSpeakerInvitationRow = typeof speakerInvitations.$inferInsert;
/** An invitation with the names the console shows. */
export type ConsoleInvitationRow = SpeakerInvitationRow & {
  speakerName: string;
  respondedUsername: string | null;
};

/** Inserts an invitation. */
export async function insertInvitation(
  db: Database,
  row: NewSpeakerInvitationRow,
): Promise<SpeakerInvitationRow> {
  const [inserted] = await db.insert(speakerInvitations).values(row).returning();
  if (!inserted) throw new Error('speaker invitation insert returned nothing');
  return inserted;
}

/** Revokes the speaker's other pending invitations (a new one replaces them). */
export async function revokePendingOfSpeaker(
  db: Database,
  speakerId: string,
  exceptId: string,
): Promise<void> {
  await db
    .update(speakerInvitations)
    .set({ status: 'revoked', updatedAt: new Date() })
    .where(
      and(
        eq(speakerInvitations.speakerId, speakerId),
        eq(speakerInvitations.status, 'pending'),
        ne(speakerInvitations.id, exceptId),
      ),
    );
}

/** The invitation of a token hash, locked for update when `lock` (inside a transaction). */
export async function findInvitationByHash(
  db: Database,
  tokenHash: string,
  lock = false,
): Promise<SpeakerInvitationRow | undefined> {
  const query = db
    .select()
    .from(speakerInvitations)
    .where(eq(speakerInvitations.tokenHash, tokenHash))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** An invitation by id, locked for update when `lock` (inside a transaction). */
export async function findInvitationById(
  db: Database,
  id: string,
  lock = false,
): Promise<SpeakerInvitationRow | undefined> {
  const query = db.select().from(speakerInvitations).where(eq(speakerInvitations.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** An invitation of a meeting, locked for update when `lock` (inside a transaction). */
export async function findInvitationInMeeting(
  db: Database,
  meetingId: string,
  id: string,
  lock = true,
): Promise<SpeakerInvitationRow | undefined> {
  const query = db
    .select()
    .from(speakerInvitations)
    .where(and(eq(speakerInvitations.id, id), eq(speakerInvitations.meetingId, meetingId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Sets fields of an invitation and returns it. */
export async function updateInvitation(
  db: Database,
  id: string,
  set: Partial<NewSpeakerInvitationRow>,
): Promise<SpeakerInvitationRow> {
  const [row] = await db
    .update(speakerInvitations)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(speakerInvitations.id, id))
    .returning();
  if (!row) throw new Error('speaker invitation update returned nothing');
  return row;
}

/** A meeting's invitations, newest first, with speaker name and the answering user's name. */
export async function findConsoleInvitations(
  db: Database,
  input: { meetingId: string; speakerId?: string | undefined; id?: string; limit: number; skip: number },
): Promise<{ rows: ConsoleInvitationRow[]; total: number }> {
  const where = and(
    eq(speakerInvitations.meetingId, input.meetingId),
    input.speakerId ? eq(speakerInvitations.speakerId, input.speakerId) : undefined,
    input.id ? eq(speakerInvitations.id, input.id) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select({
        invitation: speakerInvitations,
        speakerName: speakers.name,
        respondedUsername: users.username,
      })
      .from(speakerInvitations)
      .innerJoin(speakers, eq(speakers.id, speakerInvitations.speakerId))
      .leftJoin(users, eq(users.id, speakerInvitations.respondedUserId))
      .where(where)
      .orderBy(desc(speakerInvitations.createdAt), desc(speakerInvitations.id))
      .limit(input.limit)
      .offset(input.skip),
    db.select({ total: count() }).from(speakerInvitations).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row.invitation,
      speakerName: row.speakerName,
      respondedUsername: row.respondedUsername ?? null,
    })),
    total: totals[0]?.total ?? 0,
  };
}

/** The speaker row, unlocked. */
export async function findSpeakerRow(
  db: Database,
  id: string,
): Promise<typeof speakers.$inferSelect | undefined> {
  const [row] = await db.select().from(speakers).where(eq(speakers.id, id)).limit(1);
  return row;
}

/** The speaker row, locked for update (inside a transaction). */
export async function lockSpeaker(
  db: Database,
  id: string,
): Promise<typeof speakers.$inferSelect | undefined> {
  const [row] = await db.select().from(speakers).where(eq(speakers.id, id)).for('update');
  return row;
}

/** Links the speaker to a user account (§6 accepted speaker). */
export async function linkSpeaker(db: Database, speakerId: string, userId: string): Promise<void> {
  await db.update(speakers).set({ userId, updatedAt: new Date() }).where(eq(speakers.id, speakerId));
}

/** Sets the speaker's own fields (the linked speaker's edit). */
export async function updateSpeakerFields(
  db: Database,
  speakerId: string,
  set: Partial<Pick<typeof speakers.$inferInsert, 'biography' | 'workTitle' | 'company' | 'photo'>>,
): Promise<void> {
  await db
    .update(speakers)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(speakers.id, speakerId));
}

/** A meeting's title and its configured languages, or undefined. */
export async function findMeetingTitle(
  db: Database,
  meetingId: string,
): Promise<{ title: unknown; config: unknown } | undefined> {
  const [row] = await db
    .select({ title: meetings.title, config: meetings.config })
    .from(meetings)
    .where(eq(meetings.id, meetingId))
    .limit(1);
  return row;
}
