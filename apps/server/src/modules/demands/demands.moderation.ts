import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isSeenBy, registerModerationTarget } from '../moderation/moderation.targets.ts';
import {
  describeComments,
  describeDemands,
  setCommentModerationState,
  setDemandModerationState,
} from './demands.repository.ts';
import { demandComments, demands } from './demands.tables.ts';

/** Whether a user can read a demand: visible, or their own and not deleted (§5, §6). */
async function canSeeDemand(db: Database, demandId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ state: demands.moderationState, userId: demands.userId })
    .from(demands)
    .where(eq(demands.id, demandId))
    .limit(1);
  return row !== undefined && isSeenBy(row, userId);
}

/**
 * Demands and their comments as moderation targets (kinds 'demand' and 'demand_comment'): the queue
 * blocks, unblocks, hides (3 reports) or deletes them through these, without importing this module.
 * Registered when this file loads (demands.routes.ts imports it).
 */
registerModerationTarget({
  kind: 'demand',
  canSee: canSeeDemand,
  setState: (tx: Database, input) =>
    setDemandModerationState(tx, {
      meetingId: input.meetingId,
      id: input.targetId,
      state: input.state,
      ...(input.onlyVisible ? { onlyVisible: true } : {}),
    }),
  describe: async (db: Database, targetIds: string[]) => {
    const rows = await describeDemands(db, targetIds);
    return new Map(
      rows.map((row) => [
        row.id,
        {
          meetingId: row.meetingId,
          userId: row.userId,
          text: `${row.title}\n${row.description}`,
          link: `/demand/detail?demand_id=${row.id}&meeting_id=${row.meetingId}`,
        },
      ]),
    );
  },
});

registerModerationTarget({
  kind: 'demand_comment',
  // A comment is read on its demand's page: both must be readable.
  canSee: async (db: Database, targetId: string, userId: string) => {
    const [row] = await db
      .select({
        state: demandComments.moderationState,
        userId: demandComments.userId,
        demandId: demandComments.demandId,
      })
      .from(demandComments)
      .where(eq(demandComments.id, targetId))
      .limit(1);
    return row !== undefined && isSeenBy(row, userId) && canSeeDemand(db, row.demandId, userId);
  },
  setState: (tx: Database, input) =>
    setCommentModerationState(tx, {
      meetingId: input.meetingId,
      id: input.targetId,
      state: input.state,
      ...(input.onlyVisible ? { onlyVisible: true } : {}),
    }),
  describe: async (db: Database, targetIds: string[]) => {
    const rows = await describeComments(db, targetIds);
    return new Map(
      rows.map((row) => [
        row.id,
        {
          meetingId: row.meetingId,
          userId: row.userId,
          text: row.content,
          link: `/demand/detail?demand_id=${row.demandId}&meeting_id=${row.meetingId}`,
        },
      ]),
    );
  },
});
