import { sql } from 'drizzle-orm';
import {
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
import {
  createdAtColumn,
  deletedColumn,
  idColumn,
  localizedColumn,
  updatedAtColumn,
} from '../../db/columns.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * Votes of a meeting (§3 Vote, §4 Vote open or over, §5, §9 vote limits). A vote is open while
 * `start_at` ≤ now < `end_at` (the deadline) and shown when `enable_show` is 1. Each user casts at
 * most `per_person_limit` votes in all and `per_day_limit` per day (0 = no daily limit), the day
 * counted in the meeting's time zone (meetings.time_zone). `allow_withdraw` 1 lets a voter take a
 * vote back before the deadline (DELETE /vote/answer/delete).
 */
export const votes = pgTable(
  'votes',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    title: localizedColumn('title'),
    description: localizedColumn('description'),
    cover: text('cover').notNull().default(''),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    perPersonLimit: integer('per_person_limit').notNull().default(1),
    perDayLimit: integer('per_day_limit').notNull().default(0),
    allowWithdraw: smallint('allow_withdraw').notNull().default(0),
    /** 1: results (counts and ranking) are public; 0: only the organiser sees them. */
    showResults: smallint('show_results').notNull().default(1),
    enableShow: smallint('enable_show').notNull().default(1),
    weight: integer('weight').notNull().default(0),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('votes_meeting_idx').on(t.meetingId, t.weight.desc(), t.createdAt.desc()),
    check('votes_window', sql`${t.endAt} > ${t.startAt}`),
    check('votes_limits', sql`${t.perPersonLimit} >= 1 and ${t.perDayLimit} >= 0`),
    check(
      'votes_flags',
      sql`${t.allowWithdraw} in (0, 1) and ${t.showResults} in (0, 1) and ${t.enableShow} in (0, 1)`,
    ),
  ],
);

/** Candidates of a vote (§3 Vote player: name, img, description); `vote_total` counts their votes. */
export const votePlayers = pgTable(
  'vote_players',
  {
    id: idColumn(),
    voteId: text('vote_id')
      .notNull()
      .references(() => votes.id, { onDelete: 'cascade' }),
    name: localizedColumn('name'),
    img: text('img').notNull().default(''),
    description: localizedColumn('description'),
    voteTotal: integer('vote_total').notNull().default(0),
    weight: integer('weight').notNull().default(0),
    deleted: deletedColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('vote_players_vote_idx').on(t.voteId, t.weight.desc(), t.createdAt),
    check('vote_players_total_nonnegative', sql`${t.voteTotal} >= 0`),
  ],
);

/**
 * One voter's use of one vote (§5 limits): the row is locked (SELECT … FOR UPDATE, or an upsert's
 * conflict lock) while a vote is cast or withdrawn, so parallel casts never exceed the limits.
 * `day` is the meeting-zone date `day_total` counts for; a cast on a later day starts it again.
 */
export const voteBallots = pgTable(
  'vote_ballots',
  {
    voteId: text('vote_id')
      .notNull()
      .references(() => votes.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    total: integer('total').notNull().default(0),
    day: date('day', { mode: 'string' }).notNull(),
    dayTotal: integer('day_total').notNull().default(0),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.voteId, t.userId] }),
    check('vote_ballots_nonnegative', sql`${t.total} >= 0 and ${t.dayTotal} >= 0`),
  ],
);

/**
 * Votes cast (§7 POST /vote/answer/add, GET /vote/answer/list): `count` ≥ 1 votes for one candidate,
 * on the meeting-zone date `day`. A withdrawn answer is deleted and its counts given back.
 */
export const voteAnswers = pgTable(
  'vote_answers',
  {
    id: idColumn(),
    voteId: text('vote_id')
      .notNull()
      .references(() => votes.id, { onDelete: 'cascade' }),
    playerId: text('player_id')
      .notNull()
      .references(() => votePlayers.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('vote_answers_user_idx').on(t.voteId, t.userId, t.createdAt.desc()),
    index('vote_answers_player_idx').on(t.playerId),
    check('vote_answers_count_positive', sql`${t.count} >= 1`),
  ],
);
