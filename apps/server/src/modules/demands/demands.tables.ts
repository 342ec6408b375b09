import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, jsonbValue, updatedAtColumn } from '../../db/columns.ts';
import { categories } from '../categories/categories.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * Demands of a meeting (§3 Demand: title, description, industry, category, area/region, images,
 * user, contact-visible flag). `type` is the form it was posted from (/demand/form/{type}: supply,
 * demand or cooperation); `status` is §4's open / closed (closed by the poster); moderation's
 * blocked (and review, deleted) live in `moderation_state` like every user-written item.
 * `images` are upload URLs (jpg or png, §5). `like_total` and `comment_total` are kept atomically.
 */
export const demands = pgTable(
  'demands',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<'supply' | 'demand' | 'cooperation'>().notNull().default('demand'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    industryCategoryId: text('industry_category_id').references(() => categories.id, {
      onDelete: 'set null',
    }),
    categoryId: text('category_id').references(() => categories.id, { onDelete: 'set null' }),
    area: text('area').notNull().default(''),
    images: jsonbValue<string[]>('images').notNull().default(sql`'[]'::jsonb`),
    /** 1: the poster hid their contact (§6 'a requester may hide contact'). */
    hideContact: smallint('hide_contact').notNull().default(0),
    status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
    moderationState: text('moderation_state')
      .$type<'visible' | 'review' | 'blocked' | 'deleted'>()
      .notNull()
      .default('visible'),
    likeTotal: integer('like_total').notNull().default(0),
    commentTotal: integer('comment_total').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('demands_meeting_list_idx').on(t.meetingId, t.moderationState, t.createdAt),
    index('demands_meeting_hot_idx').on(t.meetingId, t.moderationState, t.likeTotal),
    index('demands_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Comments on a demand (§1 "Post and comment on demands"); a comment reveals its author's contact to the poster (§6). */
export const demandComments = pgTable(
  'demand_comments',
  {
    id: idColumn(),
    demandId: text('demand_id')
      .notNull()
      .references(() => demands.id, { onDelete: 'cascade' }),
    meetingId: text('meeting_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    moderationState: text('moderation_state')
      .$type<'visible' | 'review' | 'blocked' | 'deleted'>()
      .notNull()
      .default('visible'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('demand_comments_demand_idx').on(t.demandId, t.createdAt),
    index('demand_comments_user_idx').on(t.userId, t.demandId),
  ],
);

/** Who liked which demand: one row per (demand, user), so a like counts once (§7 /demand/likes). */
export const demandLikes = pgTable(
  'demand_likes',
  {
    demandId: text('demand_id')
      .notNull()
      .references(() => demands.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.demandId, t.userId] }), index('demand_likes_user_idx').on(t.userId)],
);
