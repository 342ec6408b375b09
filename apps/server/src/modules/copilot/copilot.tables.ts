import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, jsonbValue, updatedAtColumn } from '../../db/columns.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { users } from '../users/users.tables.ts';

/** A card the copilot cites (§1 copilot): an existing item of the meeting, opened by its route. */
export type CopilotCardRow = {
  type:
    | 'agenda'
    | 'speaker'
    | 'exhibitor'
    | 'product'
    | 'news'
    | 'document'
    | 'page'
    | 'activity'
    | 'slot'
    | 'user'
    | 'faq';
  id: string;
  title: string;
  subtitle?: string;
  /** Extra fields a card type needs (a slot's start/end in unix ms and its exhibitor id …). */
  extra?: Record<string, string | number>;
};

/**
 * The copilot's limits and prices per meeting (§1 copilot; the meeting's own copilot texts —
 * enable_copilot, copilot_name, copilot_prologue_* — stay in meetings.exhibition, §3). One row per
 * meeting, created with defaults on the first console save.
 * - `user_daily_requests`: questions one asker (user, or device when anonymous) may ask per UTC day.
 * - `meeting_daily_tokens`: model tokens (prompt + completion) the meeting may spend per UTC day;
 *   past it the built-in assistant answers.
 * - prices in micro-units of `currency` per million tokens, for the usage page's cost column.
 * - `contact`: what "I can't answer that here" points to (the organiser's contact), '' = the
 *   meeting's contact page.
 */
export const copilotSettings = pgTable(
  'copilot_settings',
  {
    meetingId: text('meeting_id')
      .primaryKey()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userDailyRequests: integer('user_daily_requests').notNull().default(30),
    meetingDailyTokens: integer('meeting_daily_tokens').notNull().default(2_000_000),
    inputPriceMicros: bigint('input_price_micros', { mode: 'number' }).notNull().default(0),
    outputPriceMicros: bigint('output_price_micros', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('CNY'),
    contact: text('contact').notNull().default(''),
    updatedBy: text('updated_by'),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check(
      'copilot_settings_limits',
      sql`${t.userDailyRequests} >= 0 and ${t.meetingDailyTokens} >= 0 and ${t.inputPriceMicros} >= 0 and ${t.outputPriceMicros} >= 0`,
    ),
  ],
);

/**
 * One asker's conversation with the copilot of one meeting (§1 copilot: kept per user). `asker_key`
 * is 'u:<user id>' or 'd:<device id>' for an anonymous visitor; a new conversation starts when the
 * asker clears it (the old one stays for the organiser's review).
 */
export const copilotConversations = pgTable(
  'copilot_conversations',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    askerKey: text('asker_key').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    language: text('language').notNull().default('zh'),
    /** The first question, cut to 100 characters, for the console's list. */
    title: text('title').notNull().default(''),
    /** 1 once the asker cleared it: no longer the asker's current conversation. */
    closed: smallint('closed').notNull().default(0),
    messageCount: integer('message_count').notNull().default(0),
    flaggedCount: integer('flagged_count').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('copilot_conversations_asker_idx').on(t.meetingId, t.askerKey, t.closed),
    index('copilot_conversations_meeting_idx').on(t.meetingId, t.updatedAt),
    check('copilot_conversations_flags', sql`${t.closed} in (0, 1)`),
  ],
);

/**
 * One message of a conversation: the asker's question ('user') or the answer ('assistant') with the
 * cards it cites. `engine` 'model' (the configured provider) or 'builtin' (the retrieval assistant);
 * `state` 'done', 'failed' (the provider failed and nothing could answer) or 'refused' (off topic, over
 * a limit). Tokens as the provider reported them. The organiser's review sets `flagged` 1 ("wrong
 * answer") with a note; the asker's own thumbs sets `rating` 1 helpful / -1 not.
 */
export const copilotMessages = pgTable(
  'copilot_messages',
  {
    id: idColumn(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => copilotConversations.id, { onDelete: 'cascade' }),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull().default(''),
    cards: jsonbValue<CopilotCardRow[]>('cards').notNull().default(sql`'[]'::jsonb`),
    engine: text('engine').$type<'model' | 'builtin' | ''>().notNull().default(''),
    state: text('state').$type<'done' | 'failed' | 'refused'>().notNull().default('done'),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    /** Milliseconds from the question's arrival to the first streamed token. */
    firstTokenMs: integer('first_token_ms'),
    rating: smallint('rating').notNull().default(0),
    flagged: smallint('flagged').notNull().default(0),
    flagNote: text('flag_note').notNull().default(''),
    flaggedBy: text('flagged_by'),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('copilot_messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('copilot_messages_flagged_idx').on(t.meetingId).where(sql`${t.flagged} = 1`),
    check('copilot_messages_role', sql`${t.role} in ('user', 'assistant')`),
    check('copilot_messages_state', sql`${t.state} in ('done', 'failed', 'refused')`),
    check('copilot_messages_flags', sql`${t.flagged} in (0, 1) and ${t.rating} in (-1, 0, 1)`),
  ],
);

/**
 * The organiser's extra knowledge (§1 copilot: customer service): question-and-answer entries in one
 * language each, searched by both engines and cited as 'faq' cards.
 */
export const copilotFaqs = pgTable(
  'copilot_faqs',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    language: text('language').notNull().default('zh'),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    enabled: smallint('enabled').notNull().default(1),
    weight: integer('weight').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('copilot_faqs_meeting_idx').on(t.meetingId, t.enabled),
    check('copilot_faqs_flags', sql`${t.enabled} in (0, 1)`),
  ],
);

/**
 * Usage per meeting and UTC day (the console's usage and cost page; the meeting's daily token
 * limit): counted with one atomic upsert per answer.
 */
export const copilotUsageDaily = pgTable(
  'copilot_usage_daily',
  {
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    requests: integer('requests').notNull().default(0),
    modelRequests: integer('model_requests').notNull().default(0),
    builtinRequests: integer('builtin_requests').notNull().default(0),
    failedRequests: integer('failed_requests').notNull().default(0),
    promptTokens: bigint('prompt_tokens', { mode: 'number' }).notNull().default(0),
    completionTokens: bigint('completion_tokens', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.day] })],
);

/**
 * Questions one asker asked per meeting and UTC day: the per-user limit, the one-per-2-s burst rule
 * and one question in flight are one conditional upsert (`requests < limit`, `last_asked_at`,
 * `busy_until`), so concurrent questions can never pass them.
 */
export const copilotAskerDaily = pgTable(
  'copilot_asker_daily',
  {
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    askerKey: text('asker_key').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    requests: integer('requests').notNull().default(0),
    tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
    /** When the asker's last question of the day was taken (one question per 2 s, §8). */
    lastAskedAt: timestamp('last_asked_at', { withTimezone: true }),
    /**
     * Set while one of the asker's questions is being answered (one in flight per asker), to when
     * that answer must have ended at the latest (so a crashed replica blocks no one for long).
     */
    busyUntil: timestamp('busy_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.askerKey, t.day] })],
);
