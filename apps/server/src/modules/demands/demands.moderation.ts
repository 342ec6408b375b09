import type { Database } from '../../db/client.ts';
import { registerModerationTarget } from '../moderation/moderation.targets.ts';
import {
  describeComments,
  describeDemands,
  setCommentModerationState,
  setDemandModerationState,
} from './demands.repository.ts';

/**
 * Demands and their comments as moderation targets (kinds 'demand' and 'demand_comment'): the queue
 * blocks, unblocks, hides (3 reports) or deletes them through these, without importing this module.
 * Registered when this file loads (demands.routes.ts imports it).
 */
registerModerationTarget({
  kind: 'demand',
  setState: (tx: Database, input) =>
    setDemandModerationState(tx, { meetingId: input.meetingId, id: input.targetId, state: input.state }),
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
  setState: (tx: Database, input) =>
    setCommentModerationState(tx, { meetingId: input.meetingId, id: input.targetId, state: input.state }),
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
