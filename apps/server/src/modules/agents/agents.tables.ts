import type { FormAnswers } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, deletedColumn, idColumn, jsonbValue, updatedAtColumn } from '../../db/columns.ts';
import { activities } from '../activities/activities.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * Groups registered by a leader (§3 Group (agent): group name, liaison, mobile, e-mail, members).
 * Members are tickets with this `agent_id`. `members_total` moves in the same transaction as the
 * members' tickets and is capped by the activity's `agent_max_members` in a conditional update.
 */
export const agents = pgTable(
  'agents',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    activityId: text('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    /** The group leader, the only user who sees and edits the group. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    liaison: text('liaison').notNull(),
    /** E.164 phone of the liaison. */
    phone: text('phone').notNull(),
    areaCode: text('area_code').notNull().default('86'),
    email: text('email').notNull().default(''),
    /** Answers to the form's group questions. */
    answers: jsonbValue<FormAnswers>('answers').notNull().default({}),
    membersTotal: integer('members_total').notNull().default(0),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('agents_activity_user_idx').on(t.activityId, t.userId),
    check('agents_members_total_nonnegative', sql`${t.membersTotal} >= 0`),
  ],
);
