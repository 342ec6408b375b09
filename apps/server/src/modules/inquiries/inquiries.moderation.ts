import type { Database } from '../../db/client.ts';
import { findBinding } from '../exhibitors/exhibitors.repository.ts';
import { isSeenBy, registerModerationTarget } from '../moderation/moderation.targets.ts';
import {
  findInquiriesByIds,
  findInquiryMessagesByIds,
  setInquiryMessageState,
  setInquiryState,
} from './inquiries.repository.ts';

/** The thread page of an inquiry (the console opens it; only its two sides can read it). */
const threadLink = (inquiryId: string, meetingId: string) =>
  `/meeting/exhibitor/ask?ask_id=${inquiryId}&meeting_id=${meetingId}`;

/**
 * Whether a user can read an inquiry's thread (§3, §6): only its two sides — the inquirer while it is
 * not deleted, the enterprise's bound exhibitor while it is visible.
 */
async function canSeeInquiry(db: Database, inquiryId: string, userId: string): Promise<boolean> {
  const [row] = await findInquiriesByIds(db, [inquiryId]);
  if (!row) return false;
  if (row.userId === userId) return row.moderationState !== 'deleted';
  if (row.moderationState !== 'visible') return false;
  const binding = await findBinding(db, userId, row.meetingId);
  return binding?.enterpriseId === row.enterpriseId;
}

/**
 * Registers price inquiries ('inquiry') and their thread messages ('inquiry_message') with the
 * moderation registry (community design). Runs once when the routes file is loaded.
 */
registerModerationTarget({
  kind: 'inquiry',
  canSee: canSeeInquiry,
  setState: (tx, input) => setInquiryState(tx, input),
  describe: async (db, targetIds) => {
    const rows = await findInquiriesByIds(db, targetIds);
    return new Map(
      rows.map((row) => [
        row.id,
        {
          meetingId: row.meetingId,
          userId: row.userId,
          text: row.content,
          link: threadLink(row.id, row.meetingId),
        },
      ]),
    );
  },
});

registerModerationTarget({
  kind: 'inquiry_message',
  // A message is read in its inquiry's thread: the thread and the message must both be readable.
  canSee: async (db, targetId, userId) => {
    const [row] = await findInquiryMessagesByIds(db, [targetId]);
    if (!row || !isSeenBy({ state: row.moderationState, userId: row.userId }, userId)) return false;
    return canSeeInquiry(db, row.inquiryId, userId);
  },
  setState: (tx, input) => setInquiryMessageState(tx, input),
  describe: async (db, targetIds) => {
    const rows = await findInquiryMessagesByIds(db, targetIds);
    return new Map(
      rows.map((row) => [
        row.id,
        {
          meetingId: row.meetingId,
          userId: row.userId,
          text: row.content,
          link: threadLink(row.inquiryId, row.meetingId),
        },
      ]),
    );
  },
});
