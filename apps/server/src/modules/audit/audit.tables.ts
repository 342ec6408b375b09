import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, jsonbValue } from '../../db/columns.ts';

/**
 * The console's audit log (DESIGN §7): one row per console write — who, when, what, before → after —
 * written in the same transaction as the write. No foreign keys: the log outlives what it describes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The meeting the write belongs to; null for platform writes (creating a meeting, admins). */
    meetingId: text('meeting_id'),
    /** The user who wrote. */
    actorUserId: text('actor_user_id'),
    /** The permission action exercised, e.g. 'meeting.update', 'ticket.review'. */
    action: text('action').notNull(),
    /** Entity kind and id written, e.g. 'activity' / '65f…'. */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonbValue<unknown>('before'),
    after: jsonbValue<unknown>('after'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('audit_log_meeting_idx').on(t.meetingId, t.id),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
  ],
);
