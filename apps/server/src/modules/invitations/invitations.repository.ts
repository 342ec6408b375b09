import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { enterprises } from '../enterprises/enterprises.tables.ts';
import { exhibitors } from '../exhibitors/exhibitors.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';

/** What the poster needs of a meeting. */
export type PosterMeetingRow = Pick<
  typeof meetings.$inferSelect,
  'id' | 'title' | 'start' | 'end' | 'timeZone' | 'venue' | 'cover' | 'config' | 'exhibition' | 'schedule'
>;

/** What the poster needs of an exhibitor: its enterprise's name and logo, its booth. */
export type PosterExhibitorRow = {
  enterpriseId: string;
  title: typeof enterprises.$inferSelect.title;
  logo: string;
  booth: string;
};

/** The meeting, unless it does not exist or is deleted. */
export async function findPosterMeeting(
  db: Database,
  meetingId: string,
): Promise<PosterMeetingRow | undefined> {
  const [row] = await db
    .select({
      id: meetings.id,
      title: meetings.title,
      start: meetings.start,
      end: meetings.end,
      timeZone: meetings.timeZone,
      venue: meetings.venue,
      cover: meetings.cover,
      config: meetings.config,
      exhibition: meetings.exhibition,
      schedule: meetings.schedule,
    })
    .from(meetings)
    .where(and(eq(meetings.id, meetingId), eq(meetings.deleted, 0)))
    .limit(1);
  return row;
}

/** The enterprise as an exhibitor of the meeting; undefined when either is missing or deleted. */
export async function findPosterExhibitor(
  db: Database,
  meetingId: string,
  enterpriseId: string,
): Promise<PosterExhibitorRow | undefined> {
  const [row] = await db
    .select({
      enterpriseId: enterprises.id,
      title: enterprises.title,
      logo: enterprises.logo,
      booth: exhibitors.booth,
    })
    .from(exhibitors)
    .innerJoin(enterprises, eq(enterprises.id, exhibitors.enterpriseId))
    .where(
      and(
        eq(exhibitors.meetingId, meetingId),
        eq(exhibitors.enterpriseId, enterpriseId),
        eq(exhibitors.deleted, 0),
        eq(enterprises.deleted, 0),
      ),
    )
    .limit(1);
  return row;
}
