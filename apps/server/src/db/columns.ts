import { sql } from 'drizzle-orm';
import { customType, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A jsonb column whose values come back exactly as stored. pg and PGlite already parse jsonb; drizzle's
 * own jsonb() parses string values a second time, so a title stored as the string "2019" would come
 * back as the number 2019 (and every plain-string title costs a thrown exception).
 */
export const jsonbValue = <T>(name: string) =>
  customType<{ data: T; driverData: T }>({
    dataType: () => 'jsonb',
    toDriver: (value) => JSON.stringify(value) as unknown as T,
    fromDriver: (value) => value,
  })(name);

/** Shared column builders: 24-hex text ids, language-map jsonb, soft-delete flag, audit times. */
export const idColumn = () => text('id').primaryKey();
export const localizedColumn = (name: string) =>
  jsonbValue<string | Record<string, string>>(name).notNull().default(sql`'""'::jsonb`);
export const deletedColumn = () => smallint('deleted').notNull().default(0);
export const createdAtColumn = () =>
  timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`);
export const updatedAtColumn = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`);

/** A link or attachment as stored in jsonb (schedule-JSON Reference). */
export type ReferenceRow = { url: string; title?: string; type?: string };
