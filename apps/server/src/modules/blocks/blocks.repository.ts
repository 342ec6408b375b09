import type { ListQuery } from '@app/contracts';
import { eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { filtersById, orderSql, whereSql } from '../../db/list-query-sql.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { blocks } from './blocks.tables.ts';

export type BlockField = '_id' | 'meeting_id' | 'page_id' | 'type' | 'weight' | 'created';
export type BlockRow = typeof blocks.$inferSelect;

const columns = {
  _id: blocks.id,
  meeting_id: blocks.meetingId,
  page_id: blocks.pageId,
  type: blocks.type,
  weight: blocks.weight,
  created: blocks.createdAt,
} as const;

/**
 * Blocks matching a parsed list query, of the meeting's released version only
 * (meetings.block_release_version): the home's unless a `page_id` condition names a content page.
 */
export async function findBlocks(db: Database, query: ListQuery<BlockField>): Promise<BlockRow[]> {
  const hasPage = query.conditions.some((condition) => condition.field === 'page_id');
  const released = sql`${blocks.version} = (select ${meetings.blockReleaseVersion} from ${meetings} where ${meetings.id} = ${blocks.meetingId})`;
  return db
    .select()
    .from(blocks)
    .where(
      whereSql(query, columns, [
        released,
        hasPage || filtersById(query) ? undefined : isNull(blocks.pageId),
        filtersById(query) ? undefined : eq(blocks.deleted, 0),
      ]),
    )
    .orderBy(...orderSql(query.sort, columns, blocks.id))
    .limit(query.limit)
    .offset(query.skip);
}
