import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from '../../db/columns.ts';
import { agendas } from '../agendas/agendas.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * Sessions a user bookmarked for their personal agenda (§7 POST/DELETE /users/{id}/agendas/{agenda_id},
 * GET /users/{id}/agendas; §2 /my/schedules). `meeting_id` is the agenda's, kept for per-meeting lists.
 */
export const agendaBookmarks = pgTable(
  'agenda_bookmarks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agendaId: text('agenda_id')
      .notNull()
      .references(() => agendas.id, { onDelete: 'cascade' }),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.agendaId] }),
    index('agenda_bookmarks_user_meeting_idx').on(t.userId, t.meetingId),
    index('agenda_bookmarks_agenda_idx').on(t.agendaId),
  ],
);
