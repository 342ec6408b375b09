import { and, asc, count, desc, eq, isNull, max, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { blocks } from '../blocks/blocks.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { users } from '../users/users.tables.ts';
import { blockVersions, pages } from './pages.tables.ts';

/**
 * The only code of the pages area that touches Drizzle (DESIGN §4.2): content pages, the meeting's
 * block versions and the blocks of one page in one version. Holds no rules: which version is the
 * draft, and when a save is stale, is decided in pages.drafts.ts.
 */

export type PageRow = typeof pages.$inferSelect;
export type BlockRow = typeof blocks.$inferSelect;
export type BlockVersionRow = typeof blockVersions.$inferSelect;
export type NewBlock = Pick<BlockRow, 'type' | 'title' | 'content' | 'data' | 'weight'>;

/** Where a meeting's versions stand: the released and the draft number (§3). */
export type MeetingVersions = { releaseVersion: number; draftVersion: number };

/** SQL: the blocks of one page (null: the home). */
const onPage = (pageId: string | null): SQL =>
  pageId === null ? isNull(blocks.pageId) : eq(blocks.pageId, pageId);

/**
 * The meeting's version numbers, the row locked until the transaction ends when `forUpdate` (so two
 * publishes or saves of one meeting run one after the other on PostgreSQL). undefined: no such meeting.
 */
export async function findMeetingVersions(
  db: Database,
  meetingId: string,
  options: { forUpdate?: boolean } = {},
): Promise<MeetingVersions | undefined> {
  const query = db
    .select({ releaseVersion: meetings.blockReleaseVersion, draftVersion: meetings.blockDraftVersion })
    .from(meetings)
    .where(and(eq(meetings.id, meetingId), eq(meetings.deleted, 0)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Sets the meeting's released and draft version numbers. */
export async function updateMeetingVersions(
  db: Database,
  meetingId: string,
  versions: MeetingVersions,
): Promise<void> {
  await db
    .update(meetings)
    .set({ blockReleaseVersion: versions.releaseVersion, blockDraftVersion: versions.draftVersion })
    .where(eq(meetings.id, meetingId));
}

/** The highest version number the meeting has used, in its version rows or its blocks (0: none). */
export async function findHighestVersion(db: Database, meetingId: string): Promise<number> {
  const [rows] = await db
    .select({ n: max(blockVersions.version) })
    .from(blockVersions)
    .where(eq(blockVersions.meetingId, meetingId));
  const [inBlocks] = await db
    .select({ n: max(blocks.version) })
    .from(blocks)
    .where(eq(blocks.meetingId, meetingId));
  return Math.max(rows?.n ?? 0, inBlocks?.n ?? 0);
}

/** The block_versions row of one version of the meeting, or undefined. */
export async function findVersionRow(
  db: Database,
  meetingId: string,
  version: number,
): Promise<BlockVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(blockVersions)
    .where(and(eq(blockVersions.meetingId, meetingId), eq(blockVersions.version, version)));
  return row;
}

/** Whether any block (of any page) carries this version number. */
export async function hasBlocksOfVersion(db: Database, meetingId: string, version: number): Promise<boolean> {
  const [row] = await db
    .select({ id: blocks.id })
    .from(blocks)
    .where(and(eq(blocks.meetingId, meetingId), eq(blocks.version, version)))
    .limit(1);
  return row !== undefined;
}

/** Stores a new block_versions row (a new draft or released version) and answers it. */
export async function insertVersionRow(
  db: Database,
  row: Omit<typeof blockVersions.$inferInsert, 'id'>,
): Promise<BlockVersionRow> {
  const [inserted] = await db
    .insert(blockVersions)
    .values({ id: newId(), ...row })
    .returning();
  if (!inserted) throw new Error('block version not inserted');
  return inserted;
}

/**
 * Bumps a version's revision from `revision` to the next, in one conditional UPDATE.
 * @returns the new revision, or undefined when the row's revision was not `revision` (stale)
 */
export async function bumpRevision(
  db: Database,
  input: { meetingId: string; version: number; revision: number },
): Promise<number | undefined> {
  const [row] = await db
    .update(blockVersions)
    .set({ revision: sql`${blockVersions.revision} + 1` })
    .where(
      and(
        eq(blockVersions.meetingId, input.meetingId),
        eq(blockVersions.version, input.version),
        eq(blockVersions.revision, input.revision),
      ),
    )
    .returning({ revision: blockVersions.revision });
  return row?.revision;
}

/** Marks a version released now. */
export async function markPublished(db: Database, meetingId: string, version: number): Promise<void> {
  await db
    .update(blockVersions)
    .set({ publishedAt: sql`now()` })
    .where(and(eq(blockVersions.meetingId, meetingId), eq(blockVersions.version, version)));
}

/** The meeting's version rows, newest first, with their block counts and authors (at most `limit`). */
export async function listVersionRows(db: Database, meetingId: string, limit: number) {
  const blockCount = db
    .select({ version: blocks.version, n: count().as('n') })
    .from(blocks)
    .where(and(eq(blocks.meetingId, meetingId), eq(blocks.deleted, 0)))
    .groupBy(blocks.version)
    .as('block_count');
  return db
    .select({
      version: blockVersions.version,
      origin: blockVersions.origin,
      sourceVersion: blockVersions.sourceVersion,
      revision: blockVersions.revision,
      createdAt: blockVersions.createdAt,
      publishedAt: blockVersions.publishedAt,
      authorId: blockVersions.authorId,
      authorName: users.username,
      blocks: sql<number>`coalesce(${blockCount.n}, 0)::int`,
    })
    .from(blockVersions)
    .leftJoin(users, eq(users.id, blockVersions.authorId))
    .leftJoin(blockCount, eq(blockCount.version, blockVersions.version))
    .where(eq(blockVersions.meetingId, meetingId))
    .orderBy(desc(blockVersions.version))
    .limit(limit);
}

/** The live blocks of one page (null: the home) in one version, heaviest first. */
export async function findPageBlocks(
  db: Database,
  input: { meetingId: string; version: number; pageId: string | null },
): Promise<BlockRow[]> {
  return db
    .select()
    .from(blocks)
    .where(
      and(
        eq(blocks.meetingId, input.meetingId),
        eq(blocks.version, input.version),
        onPage(input.pageId),
        eq(blocks.deleted, 0),
      ),
    )
    .orderBy(desc(blocks.weight), asc(blocks.createdAt), asc(blocks.id));
}

/** Copies every live block of version `from` (all pages) into version `to`, with new ids. */
export async function copyVersionBlocks(
  db: Database,
  input: { meetingId: string; from: number; to: number },
): Promise<number> {
  const rows = await db
    .select()
    .from(blocks)
    .where(and(eq(blocks.meetingId, input.meetingId), eq(blocks.version, input.from), eq(blocks.deleted, 0)));
  if (rows.length === 0) return 0;
  await db.insert(blocks).values(
    rows.map((row) => ({
      id: newId(),
      meetingId: row.meetingId,
      pageId: row.pageId,
      type: row.type,
      title: row.title,
      content: row.content,
      weight: row.weight,
      version: input.to,
      data: row.data,
      createdAt: row.createdAt,
    })),
  );
  return rows.length;
}

/** Replaces the blocks of one page in one version (a draft's: its rows are its own copies). */
export async function replacePageBlocks(
  db: Database,
  input: { meetingId: string; version: number; pageId: string | null; blocks: NewBlock[] },
): Promise<void> {
  await db
    .delete(blocks)
    .where(
      and(eq(blocks.meetingId, input.meetingId), eq(blocks.version, input.version), onPage(input.pageId)),
    );
  if (input.blocks.length === 0) return;
  const now = Date.now();
  await db.insert(blocks).values(
    input.blocks.map((block, index) => ({
      id: newId(),
      meetingId: input.meetingId,
      pageId: input.pageId,
      version: input.version,
      ...block,
      // Kept in the editor's order when weights tie.
      createdAt: new Date(now + index),
    })),
  );
}

/** Live block counts per page (null key: the home) of one version. */
export async function countBlocksByPage(
  db: Database,
  meetingId: string,
  version: number,
): Promise<Map<string | null, number>> {
  const rows = await db
    .select({ pageId: blocks.pageId, n: count() })
    .from(blocks)
    .where(and(eq(blocks.meetingId, meetingId), eq(blocks.version, version), eq(blocks.deleted, 0)))
    .groupBy(blocks.pageId);
  return new Map(rows.map((row) => [row.pageId, row.n]));
}

/** The meeting's live content pages, oldest first. */
export async function findPages(db: Database, meetingId: string): Promise<PageRow[]> {
  return db
    .select()
    .from(pages)
    .where(and(eq(pages.meetingId, meetingId), eq(pages.deleted, 0)))
    .orderBy(asc(pages.createdAt), asc(pages.id));
}

/** A page by id, deleted or not. */
export async function findPageById(db: Database, id: string): Promise<PageRow | undefined> {
  const [row] = await db.select().from(pages).where(eq(pages.id, id));
  return row;
}

/** The meeting's live page of one kind. */
export async function findPageOfKind(
  db: Database,
  meetingId: string,
  kind: string,
): Promise<PageRow | undefined> {
  const [row] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.meetingId, meetingId), eq(pages.kind, kind), eq(pages.deleted, 0)))
    .orderBy(asc(pages.createdAt))
    .limit(1);
  return row;
}

/** The meeting's live microsite page of one slug (§2 /sichuan-culture/{slug}). */
export async function findMicrositePage(
  db: Database,
  meetingId: string,
  slug: string,
): Promise<PageRow | undefined> {
  const [row] = await db
    .select()
    .from(pages)
    .where(
      and(
        eq(pages.meetingId, meetingId),
        eq(pages.kind, 'microsite'),
        eq(pages.slug, slug),
        eq(pages.deleted, 0),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Inserts a page; undefined when a unique index refuses a second live branch/contact/conference page
 * or a second live microsite page of one slug.
 */
export async function insertPage(
  db: Database,
  row: { meetingId: string; kind: string; title: PageRow['title']; slug?: string | null },
): Promise<PageRow | undefined> {
  const [inserted] = await db
    .insert(pages)
    .values({ id: newId(), ...row })
    .onConflictDoNothing()
    .returning();
  return inserted;
}

/** Renames or (un)deletes a content page; answers the row, or undefined when there is none. */
export async function updatePage(
  db: Database,
  id: string,
  values: Partial<Pick<PageRow, 'title' | 'deleted'>>,
): Promise<PageRow | undefined> {
  const [row] = await db
    .update(pages)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(pages.id, id))
    .returning();
  return row;
}
