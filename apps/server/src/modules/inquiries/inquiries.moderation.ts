import { registerModerationTarget } from '../moderation/moderation.targets.ts';
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
 * Registers price inquiries ('inquiry') and their thread messages ('inquiry_message') with the
 * moderation registry (community design). Runs once when the routes file is loaded.
 */
registerModerationTarget({
  kind: 'inquiry',
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
