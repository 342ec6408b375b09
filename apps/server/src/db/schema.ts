/** Every table, for Drizzle's typed client and drizzle-kit. */
export * from '../modules/agendas/agendas.tables.ts';
export * from '../modules/blocks/blocks.tables.ts';
export * from '../modules/categories/categories.tables.ts';
export * from '../modules/meetings/meetings.tables.ts';
export * from '../modules/speakers/speakers.tables.ts';
