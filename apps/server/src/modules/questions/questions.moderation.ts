import type { Database } from '../../db/client.ts';
import { findBinding } from '../exhibitors/exhibitors.repository.ts';
import { isSeenBy, registerModerationTarget } from '../moderation/moderation.targets.ts';
import { findQuestionsByIds, setAnswerState, setQuestionState } from './questions.repository.ts';

type QuestionRow = Awaited<ReturnType<typeof findQuestionsByIds>>[number];

/**
 * Whether a user can read a question (§4 Q&A, §6): its asker while it is not deleted; anyone else
 * when it is visible and public, or private and they are the enterprise's bound exhibitor.
 */
async function canSeeQuestion(db: Database, row: QuestionRow, userId: string): Promise<boolean> {
  if (!isSeenBy({ state: row.moderationState, userId: row.userId }, userId)) return false;
  if (row.userId === userId || row.isPublic === 1) return true;
  const binding = await findBinding(db, userId, row.meetingId);
  return binding?.enterpriseId === row.enterpriseId;
}

/**
 * Registers questions ('question') and their answers ('answer') with the moderation registry
 * (community design): the queue blocks, restores or deletes them through these, and shows their text,
 * author and a link to the enterprise's questions page. Runs once when the routes file is loaded.
 */
registerModerationTarget({
  kind: 'question',
  canSee: async (db, targetId, userId) => {
    const [row] = await findQuestionsByIds(db, [targetId]);
    return row !== undefined && canSeeQuestion(db, row, userId);
  },
  setState: (tx, input) => setQuestionState(tx, input),
  describe: async (db, targetIds) => {
    const rows = await findQuestionsByIds(db, targetIds);
    return new Map(
      rows.map((row) => [
        row.id,
        {
          meetingId: row.meetingId,
          userId: row.userId,
          text: row.content,
          link: `/meeting/enterprise/question/list?enterprise_id=${row.enterpriseId}&meeting_id=${row.meetingId}`,
        },
      ]),
    );
  },
});

registerModerationTarget({
  kind: 'answer',
  // An answer is read with its question: both must be readable.
  canSee: async (db, targetId, userId) => {
    const [row] = await findQuestionsByIds(db, [targetId]);
    if (!row || row.answeredByUserId === null) return false;
    if (!isSeenBy({ state: row.answerModerationState, userId: row.answeredByUserId }, userId)) return false;
    return canSeeQuestion(db, row, userId);
  },
  setState: (tx, input) => setAnswerState(tx, input),
  describe: async (db, targetIds) => {
    const rows = await findQuestionsByIds(db, targetIds);
    return new Map(
      rows
        .filter((row) => row.answeredByUserId !== null)
        .map((row) => [
          row.id,
          {
            meetingId: row.meetingId,
            userId: row.answeredByUserId as string,
            text: row.answer,
            link: `/meeting/enterprise/question/list?enterprise_id=${row.enterpriseId}&meeting_id=${row.meetingId}`,
          },
        ]),
    );
  },
});
