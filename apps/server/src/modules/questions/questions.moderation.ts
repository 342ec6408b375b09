import { registerModerationTarget } from '../moderation/moderation.targets.ts';
import { findQuestionsByIds, setAnswerState, setQuestionState } from './questions.repository.ts';

/**
 * Registers questions ('question') and their answers ('answer') with the moderation registry
 * (community design): the queue blocks, restores or deletes them through these, and shows their text,
 * author and a link to the enterprise's questions page. Runs once when the routes file is loaded.
 */
registerModerationTarget({
  kind: 'question',
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
