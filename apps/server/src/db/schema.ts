/** Every table, for Drizzle's typed client and drizzle-kit. */

export * from '../modules/activities/activities.tables.ts';
export * from '../modules/agendas/agendas.tables.ts';
export * from '../modules/agents/agents.tables.ts';
export * from '../modules/appointments/appointments.tables.ts';
export * from '../modules/auth/auth.tables.ts';
export * from '../modules/blocks/blocks.tables.ts';
export * from '../modules/categories/categories.tables.ts';
export * from '../modules/codes/codes.tables.ts';
export * from '../modules/enterprises/enterprises.tables.ts';
export * from '../modules/exhibitors/exhibitors.tables.ts';
export * from '../modules/forms/forms.tables.ts';
export * from '../modules/media/media.tables.ts';
export * from '../modules/meetings/meetings.tables.ts';
export * from '../modules/messages/messages.tables.ts';
export * from '../modules/oauth/oauth.tables.ts';
export * from '../modules/products/products.tables.ts';
export * from '../modules/sessions/sessions.tables.ts';
export * from '../modules/speakers/speakers.tables.ts';
export * from '../modules/tickets/tickets.tables.ts';
export * from '../modules/users/users.tables.ts';
