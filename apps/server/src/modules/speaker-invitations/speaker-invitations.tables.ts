import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../../db/columns.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { speakers } from '../speakers/speakers.tables.ts';
import { users } from '../users/users.tables.ts';

/** Stored states of a speaker invitation (§6 "Speaker: invited, accepts via invitation page"). */
export type SpeakerInvitationStatus = 'pending' | 'accepted' | 'declined' | 'revoked';

/**
 * Invitations of speakers (§2 /meeting/speaker/invite, §6): the organiser invites a speaker of the
 * meeting by phone (E.164) or e-mail (lower-cased); the link carries a random token of which only the
 * SHA-256 hash is stored. Accepting links the speaker (speakers.user_id) to the accepting account.
 */
export const speakerInvitations = pgTable(
  'speaker_invitations',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    speakerId: text('speaker_id')
      .notNull()
      .references(() => speakers.id, { onDelete: 'cascade' }),
    phone: text('phone'),
    email: text('email'),
    /** SHA-256 (hex) of the link's token. */
    tokenHash: text('token_hash').notNull(),
    status: text('status').$type<SpeakerInvitationStatus>().notNull().default('pending'),
    invitedByUserId: text('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    respondedUserId: text('responded_user_id').references(() => users.id, { onDelete: 'set null' }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('speaker_invitations_token_uq').on(t.tokenHash),
    index('speaker_invitations_meeting_idx').on(t.meetingId, t.createdAt.desc()),
    index('speaker_invitations_speaker_idx').on(t.speakerId),
    check(
      'speaker_invitations_status_known',
      sql`${t.status} in ('pending', 'accepted', 'declined', 'revoked')`,
    ),
    check('speaker_invitations_contact', sql`${t.phone} is not null or ${t.email} is not null`),
  ],
);
