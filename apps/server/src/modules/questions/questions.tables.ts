import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../db/columns.ts';
import { enterprises } from '../enterprises/enterprises.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { users } from '../users/users.tables.ts';

/** Moderation state of a user-written item (community design): never shown when 'deleted'. */
export type ModerationState = 'visible' | 'review' | 'blocked' | 'deleted';

/**
 * Questions to exhibitors (§3 Question, §4 Q&A): asked by a user of an enterprise exhibiting at a
 * meeting, public (`is_public` 1) or private (seen by the asker and the bound exhibitor only, §6). The
 * answer (≤ 500 characters, §5) is written and edited by the enterprise's bound exhibitor; '' while
 * unanswered. The question and its answer are moderated separately (kinds 'question' and 'answer').
 */
export const questions = pgTable(
  'questions',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    enterpriseId: text('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    isPublic: smallint('is_public').notNull().default(1),
    answer: text('answer').notNull().default(''),
    answeredByUserId: text('answered_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    moderationState: text('moderation_state').$type<ModerationState>().notNull().default('visible'),
    answerModerationState: text('answer_moderation_state')
      .$type<ModerationState>()
      .notNull()
      .default('visible'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('questions_enterprise_idx').on(t.meetingId, t.enterpriseId, t.createdAt),
    index('questions_user_idx').on(t.userId, t.meetingId, t.createdAt),
    check('questions_is_public_flag', sql`${t.isPublic} in (0, 1)`),
    check(
      'questions_moderation_state_known',
      sql`${t.moderationState} in ('visible', 'review', 'blocked', 'deleted') and ${t.answerModerationState} in ('visible', 'review', 'blocked', 'deleted')`,
    ),
    check('questions_answer_length', sql`char_length(${t.answer}) <= 500`),
  ],
);
