import { sql } from 'drizzle-orm';
import { jsonb, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Shared column builders: 24-hex text ids, language-map jsonb, soft-delete flag, audit times. */
export const idColumn = () => text('id').primaryKey();
export const localizedColumn = (name: string) =>
  jsonb(name).$type<string | Record<string, string>>().notNull().default(sql`'""'::jsonb`);
export const deletedColumn = () => smallint('deleted').notNull().default(0);
export const createdAtColumn = () =>
  timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`);
export const updatedAtColumn = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`);

/** A link or attachment as stored in jsonb (schedule-JSON Reference). */
export type ReferenceRow = { url: string; title?: string; type?: string };
