import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from '../../db/columns.ts';

/**
 * Short links (§7 Static short-link endpoint, §2 /etc/redirect): a hash and the normalised target it
 * stands for. A target is only stored after it passed the allow-list (this site or an allowed
 * web-view domain), and is checked again when followed.
 */
export const shortLinks = pgTable('short_links', {
  hash: text('hash').primaryKey(),
  target: text('target').notNull(),
  createdAt: createdAtColumn(),
});
