import type { ShareType } from '@app/contracts';
import type { LocalizedText } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { activities } from '../activities/activities.tables.ts';
import { agendas, lives } from '../agendas/agendas.tables.ts';
import { enterprises } from '../enterprises/enterprises.tables.ts';
import { exhibitors } from '../exhibitors/exhibitors.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { news } from '../news/news.tables.ts';
import { pages } from '../pages/pages.tables.ts';
import { products } from '../products/products.tables.ts';
import { speakers } from '../speakers/speakers.tables.ts';
import { shortLinks } from './share.tables.ts';

/** What a share page and card need of a meeting. */
export type ShareMeetingRow = Pick<
  typeof meetings.$inferSelect,
  'id' | 'title' | 'venue' | 'cover' | 'config' | 'exhibition'
>;

/** The meeting, unless it does not exist or is deleted. */
export async function findShareMeeting(
  db: Database,
  meetingId: string,
): Promise<ShareMeetingRow | undefined> {
  const [row] = await db
    .select({
      id: meetings.id,
      title: meetings.title,
      venue: meetings.venue,
      cover: meetings.cover,
      config: meetings.config,
      exhibition: meetings.exhibition,
    })
    .from(meetings)
    .where(and(eq(meetings.id, meetingId), eq(meetings.deleted, 0)))
    .limit(1);
  return row;
}

/** A shared item's title, description (may hold HTML) and image URL ('' when none). */
export type ShareItemRow = { title: LocalizedText; description: LocalizedText; image: string };

/**
 * The item a share link names, when its type has a table today and the item is live (not deleted)
 * and of the meeting; undefined otherwise (the caller falls back to the meeting's card). Enterprises
 * count when they exhibit at the meeting.
 */
export async function findShareItem(
  db: Database,
  type: ShareType,
  meetingId: string,
  id: string,
): Promise<ShareItemRow | undefined> {
  switch (type) {
    case 'activity': {
      const [row] = await db
        .select({ title: activities.title, description: activities.description, covers: activities.covers })
        .from(activities)
        .where(and(eq(activities.id, id), eq(activities.meetingId, meetingId), eq(activities.deleted, 0)))
        .limit(1);
      return row && { title: row.title, description: row.description, image: row.covers[0] ?? '' };
    }
    case 'enterprise':
    case 'invitation': {
      const [row] = await db
        .select({ title: enterprises.title, description: enterprises.description, logo: enterprises.logo })
        .from(exhibitors)
        .innerJoin(enterprises, eq(enterprises.id, exhibitors.enterpriseId))
        .where(
          and(
            eq(exhibitors.meetingId, meetingId),
            eq(exhibitors.enterpriseId, id),
            eq(exhibitors.deleted, 0),
            eq(enterprises.deleted, 0),
          ),
        )
        .limit(1);
      return row && { title: row.title, description: row.description, image: row.logo };
    }
    case 'product': {
      const [row] = await db
        .select({ title: products.title, description: products.description, images: products.images })
        .from(products)
        .where(and(eq(products.id, id), eq(products.deleted, 0)))
        .limit(1);
      return row && { title: row.title, description: row.description, image: row.images[0] ?? '' };
    }
    case 'speaker': {
      const [row] = await db
        .select({ name: speakers.name, workTitle: speakers.workTitle, photo: speakers.photo })
        .from(speakers)
        .where(and(eq(speakers.id, id), eq(speakers.meetingId, meetingId), eq(speakers.deleted, 0)))
        .limit(1);
      return row && { title: row.name, description: row.workTitle, image: row.photo };
    }
    case 'agenda':
    case 'agenda_details': {
      const [row] = await db
        .select({
          title: agendas.title,
          subtitle: agendas.subtitle,
          description: agendas.description,
          logo: agendas.logo,
        })
        .from(agendas)
        .where(and(eq(agendas.id, id), eq(agendas.meetingId, meetingId), eq(agendas.deleted, 0)))
        .limit(1);
      const hasSubtitle = row && JSON.stringify(row.subtitle) !== '""';
      return (
        row && {
          title: row.title,
          description: hasSubtitle ? row.subtitle : row.description,
          image: row.logo ?? '',
        }
      );
    }
    case 'live': {
      const [row] = await db
        .select({ title: lives.title, cover: lives.cover })
        .from(lives)
        .where(and(eq(lives.id, id), eq(lives.meetingId, meetingId), eq(lives.deleted, 0)))
        .limit(1);
      return row && { title: row.title, description: '', image: row.cover };
    }
    case 'introduction': {
      const [row] = await db
        .select({ title: pages.title })
        .from(pages)
        .where(
          and(
            eq(pages.id, id),
            eq(pages.meetingId, meetingId),
            eq(pages.kind, 'introduction'),
            eq(pages.deleted, 0),
          ),
        )
        .limit(1);
      return row && { title: row.title, description: '', image: '' };
    }
    case 'news': {
      // Published news only: a draft's or scheduled item's link must not leak its title.
      const [row] = await db
        .select({ title: news.title, summary: news.summary, cover: news.cover })
        .from(news)
        .where(
          and(
            eq(news.id, id),
            eq(news.meetingId, meetingId),
            eq(news.status, 'published'),
            eq(news.deleted, 0),
          ),
        )
        .limit(1);
      return row && { title: row.title, description: row.summary, image: row.cover };
    }
    // vote, candidate, demand, user: no table (or no public card) yet — the meeting's card.
    default:
      return undefined;
  }
}

/** Stores `hash → target`; a hash already stored keeps its target. */
export async function insertShortLink(db: Database, hash: string, target: string): Promise<void> {
  await db.insert(shortLinks).values({ hash, target }).onConflictDoNothing({ target: shortLinks.hash });
}

/** The target stored under `hash`, or undefined. */
export async function findShortLinkTarget(db: Database, hash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ target: shortLinks.target })
    .from(shortLinks)
    .where(eq(shortLinks.hash, hash))
    .limit(1);
  return row?.target;
}
