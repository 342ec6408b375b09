import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../db/columns.ts';
import { enterprises } from '../enterprises/enterprises.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { products } from '../products/products.tables.ts';
import type { ModerationState } from '../questions/questions.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * Price inquiries (§3 Price inquiry: target, content, optional amount). The target is an enterprise
 * exhibiting at the meeting, optionally one of its products. `amount_cents` is the amount the
 * inquirer named, in cents (§5: a valid number), null when none. Open until the inquirer or the bound
 * exhibitor closes it; `message_total` and `last_message_at` change atomically with each message.
 */
export const inquiries = pgTable(
  'inquiries',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    enterpriseId: text('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
    messageTotal: integer('message_total').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    moderationState: text('moderation_state').$type<ModerationState>().notNull().default('visible'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('inquiries_enterprise_idx').on(t.meetingId, t.enterpriseId, t.lastMessageAt),
    index('inquiries_user_idx').on(t.userId, t.meetingId, t.lastMessageAt),
    check('inquiries_status_known', sql`${t.status} in ('open', 'closed')`),
    check('inquiries_amount_range', sql`${t.amountCents} is null or ${t.amountCents} >= 0`),
    check('inquiries_message_total_positive', sql`${t.messageTotal} >= 0`),
    check(
      'inquiries_moderation_state_known',
      sql`${t.moderationState} in ('visible', 'review', 'blocked', 'deleted')`,
    ),
  ],
);

/** Messages of an inquiry's thread, by the inquirer ('asker') or the bound exhibitor ('exhibitor'). */
export const inquiryMessages = pgTable(
  'inquiry_messages',
  {
    id: idColumn(),
    inquiryId: text('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    side: text('side').$type<'asker' | 'exhibitor'>().notNull(),
    content: text('content').notNull(),
    moderationState: text('moderation_state').$type<ModerationState>().notNull().default('visible'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('inquiry_messages_thread_idx').on(t.inquiryId, t.createdAt),
    check('inquiry_messages_side_known', sql`${t.side} in ('asker', 'exhibitor')`),
    check(
      'inquiry_messages_moderation_state_known',
      sql`${t.moderationState} in ('visible', 'review', 'blocked', 'deleted')`,
    ),
  ],
);
