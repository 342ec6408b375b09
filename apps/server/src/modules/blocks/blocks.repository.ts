import type { ListQuery } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { filtersById, orderSql, whereSql } from '../../db/list-query-sql.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { blocks } from './blocks.tables.ts';

export type BlockField = '_id' | 'meeting_id' | 'type' | 'version' | 'weight' | 'created';
export type BlockRow = typeof blocks.$inferSelect;

const columns = {
  _id: blocks.id,
  meeting_id: blocks.meetingId,
  type: blocks.type,
  version: blocks.version,
  weight: blocks.weight,
  created: blocks.createdAt,
} as const;

/**
 * Blocks matching a parsed list query. Without a `version` condition, only the meeting's released
 * version (meetings.block_release_version) is returned.
 */
export async function findBlocks(db: Database, query: ListQuery<BlockField>): Promise<BlockRow[]> {
  const hasVersion = query.conditions.some((condition) => condition.field === 'version');
  const released = sql`${blocks.version} = (select ${meetings.blockReleaseVersion} from ${meetings} where ${meetings.id} = ${blocks.meetingId})`;
  return db
    .select()
    .from(blocks)
    .where(
      whereSql(query, columns, [
        hasVersion || filtersById(query) ? undefined : released,
        filtersById(query) ? undefined : eq(blocks.deleted, 0),
      ]),
    )
    .orderBy(...orderSql(query.sort, columns, blocks.id))
    .limit(query.limit)
    .offset(query.skip);
}
