import type {
  AnswerQuestionBody,
  AskQuestionBody,
  ConsoleQuestion,
  ConsoleQuestionQuerystring,
  Question,
  QuestionListQuerystring,
  UpdateQuestionBody,
} from '@app/contracts';
import { toWireId } from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { unix } from '../../db/wire.ts';
import { noPermission, notFound } from '../../errors.ts';
import { findLiveExhibitor } from '../appointments/appointments.repository.ts';
import { findBinding } from '../exhibitors/exhibitors.repository.ts';
import { moderateText, queueForReview } from '../moderation/moderation.service.ts';
import { requireCan } from '../roles/roles.service.ts';
import { answerBlocked, requiredField } from './questions.errors.ts';
import { type QaNoticeDeps, queueQaNotice } from './questions.notices.ts';
import {
  findEnterpriseCards,
  findLiveQuestion,
  findPeople,
  insertQuestion,
  listMeetingQuestionRows,
  listQuestionRows,
  lockQuestion,
  type QuestionRow,
  updateQuestionRow,
} from './questions.repository.ts';
import { type QuestionViewer, toWireQuestions } from './questions.serializer.ts';

/**
 * Questions to exhibitors (§3 Question, §4 Q&A, §5, §6, §7 Enterprises, §8). Every text goes through
 * moderation before its transaction (community design): a refusal is 400 content.sensitive with its
 * §5 category and nothing is stored; an unsure provider stores the item in 'review' and queues it for
 * the organiser in the same transaction. Only the enterprise's bound exhibitor answers (§6).
 */

/** Database, configuration (moderation, roles, links), the job queue and the providers' names. */
export type QuestionDeps = QaNoticeDeps & { db: Database; config: Config };

const defaultLimit = 20;

/** The enterprise a user answers for in a meeting (their exhibitor binding), or null. */
export async function boundEnterpriseOf(db: Database, userId: string | null, meetingId: string) {
  if (!userId) return null;
  const binding = await findBinding(db, userId, meetingId);
  return binding?.enterpriseId ?? null;
}

async function viewerOf(db: Database, userId: string | null, meetingId: string): Promise<QuestionViewer> {
  return { userId, ownEnterpriseId: await boundEnterpriseOf(db, userId, meetingId) };
}

async function wireOne(db: Database, row: QuestionRow, viewer: QuestionViewer): Promise<Question> {
  const [wire] = await toWireQuestions(db, [row], viewer);
  return wire as Question;
}

/**
 * POST /enterprises/{id}/questions (§7 Enterprises, §3 Question, §5, §8): the caller asks an
 * enterprise exhibiting at the meeting, publicly (default) or privately.
 * @returns the new question as the asker sees it (state 'review' when the provider was unsure).
 * @throws 400 form.required (empty content) / content.sensitive (data.category); 403
 *   moderation.banned; 404 not_found (the enterprise does not exhibit at the meeting).
 */
export async function askQuestion(
  deps: QuestionDeps,
  input: { userId: string; enterpriseId: string; body: AskQuestionBody },
): Promise<Question> {
  const { db } = deps;
  const { userId, enterpriseId, body } = input;
  const meetingId = body.meeting_id;
  const content = body.content.trim();
  if (!content) throw requiredField('content');
  if (!(await findLiveExhibitor(db, meetingId, enterpriseId))) throw notFound('enterprise');
  const outcome = await moderateText(deps, { meetingId, userId, kind: 'question', texts: [content] });
  const row = await inTransaction(db, async (tx) => {
    const inserted = await insertQuestion(tx, {
      id: newId(),
      meetingId,
      enterpriseId,
      userId,
      content,
      isPublic: body.is_public === undefined ? 1 : Number(body.is_public),
      moderationState: outcome.state,
    });
    if (outcome.state === 'review') {
      await queueForReview(tx, {
        meetingId,
        kind: 'question',
        targetId: inserted.id,
        userId,
        category: outcome.category,
      });
    }
    return inserted;
  });
  return wireOne(db, row, await viewerOf(db, userId, meetingId));
}

/**
 * GET /enterprise/questions (§7 Enterprises, §4 Q&A, §6): the questions the caller may see, newest
 * first, with the total. `userId` null for a visitor (public ones only).
 */
export async function listQuestions(
  deps: { db: Database },
  input: { userId: string | null; query: QuestionListQuerystring },
): Promise<{ results: Question[]; total: number }> {
  const { db } = deps;
  const { query } = input;
  const viewer = await viewerOf(db, input.userId, query.meeting_id);
  const { rows, total } = await listQuestionRows(
    db,
    {
      meetingId: query.meeting_id,
      viewerId: viewer.userId,
      ownEnterpriseId: viewer.ownEnterpriseId,
      enterpriseId: query.enterprise_id,
      mine: query.mine === '1',
      answered: query.answered === undefined ? undefined : query.answered === '1',
      id: query._id,
    },
    { limit: query.limit ?? defaultLimit, skip: query.skip ?? 0 },
  );
  return { results: await toWireQuestions(db, rows, viewer), total };
}

/**
 * The question `id` when the caller may see it (404 not_found otherwise: deleted, another meeting's
 * session, private and not theirs, moderated away and not theirs).
 */
async function visibleQuestion(db: Database, userId: string, id: string) {
  const row = await findLiveQuestion(db, id);
  if (!row) throw notFound('question');
  const viewer = await viewerOf(db, userId, row.meetingId);
  const isMine = row.userId === userId;
  const isOurs = viewer.ownEnterpriseId === row.enterpriseId;
  const isSeen = (row.isPublic === 1 || isMine || isOurs) && (row.moderationState === 'visible' || isMine);
  return { row, viewer, isMine, isOurs, isSeen };
}

/**
 * PUT /enterprise/questions/{id} (§4 Q&A toggle, §6): the bound exhibitor turns the question public
 * or private; the asker may make their own private.
 * @throws 403 no_permission (anyone else, or the asker making it public); 404 not_found.
 */
export async function updateQuestionVisibility(
  deps: { db: Database },
  input: { userId: string; id: string; body: UpdateQuestionBody },
): Promise<Question> {
  const { db } = deps;
  const found = await visibleQuestion(db, input.userId, input.id);
  const isPublic = Number(input.body.is_public);
  if (!found.isOurs && !(found.isMine && isPublic === 0)) {
    if (!found.isSeen) throw notFound('question');
    throw noPermission();
  }
  const row = await updateQuestionRow(db, found.row.id, { isPublic });
  return wireOne(db, row, found.viewer);
}

/**
 * PUT /enterprise/questions/{id}/answers (§4 Q&A, §5 answer ≤ 500, §6 only the bound exhibitor):
 * writes or edits the answer. The asker is told by e-mail or SMS when it is first answered, in the
 * same transaction. An answer held for review stays hidden from everyone but the exhibitor. An edit
 * never undoes a moderation decision (§5): an answer the organiser blocked cannot be rewritten, and
 * one under review (held by the provider or hidden by reports) stays under review whatever the new
 * text's check says — only the organiser lets it through.
 * @throws 400 form.required / content.sensitive; 403 no_permission (not the enterprise's bound
 *   exhibitor, e.g. another enterprise's) / moderation.banned; 404 not_found; 409 item.closed (the
 *   answer is blocked; nothing stored).
 */
export async function answerQuestion(
  deps: QuestionDeps,
  input: { userId: string; id: string; body: AnswerQuestionBody },
): Promise<Question> {
  const { db } = deps;
  const { userId } = input;
  const answer = input.body.answer.trim();
  const existing = await findLiveQuestion(db, input.id);
  if (!existing) throw notFound('question');
  const viewer = await viewerOf(db, userId, existing.meetingId);
  if (viewer.ownEnterpriseId !== existing.enterpriseId) throw noPermission();
  if (existing.moderationState !== 'visible') throw notFound('question');
  if (!answer) throw requiredField('answer');
  if (existing.answerModerationState === 'blocked') throw answerBlocked();
  const meetingId = existing.meetingId;
  const outcome = await moderateText(deps, { meetingId, userId, kind: 'answer', texts: [answer] });
  const row = await inTransaction(db, async (tx) => {
    const locked = await lockQuestion(tx, existing.id);
    if (!locked || locked.moderationState === 'deleted') throw notFound('question');
    const isFirst = locked.answeredAt === null;
    if (!isFirst && locked.answerModerationState === 'blocked') throw answerBlocked();
    const wasHeld = !isFirst && locked.answerModerationState === 'review';
    const state = wasHeld ? 'review' : outcome.state;
    const updated = await updateQuestionRow(tx, locked.id, {
      answer,
      answeredByUserId: userId,
      answeredAt: locked.answeredAt ?? new Date(),
      answerModerationState: state,
    });
    if (outcome.state === 'review') {
      await queueForReview(tx, {
        meetingId,
        kind: 'answer',
        targetId: locked.id,
        userId,
        category: outcome.category,
      });
    }
    if (isFirst && state === 'visible') {
      const [people, cards] = await Promise.all([
        findPeople(tx, [locked.userId]),
        findEnterpriseCards(tx, [locked.enterpriseId]),
      ]);
      await queueQaNotice(tx, deps, {
        event: 'answered',
        meetingId,
        recipients: people,
        enterpriseTitle: cards[0]?.title ?? '',
        values: { question: locked.content, answer },
        path: '/meeting/enterprise/question/list',
        query: { enterprise_id: locked.enterpriseId, meeting_id: meetingId },
      });
    }
    return updated;
  });
  return wireOne(db, row, viewer);
}

/**
 * GET /console/meetings/{meeting_id}/questions (DESIGN §7, community.read): every question of the
 * meeting, any visibility and moderation state, newest first.
 * @throws 403 no_permission without community.read.
 */
export async function listConsoleQuestions(
  deps: { db: Database; config: Config },
  input: { userId: string; meetingId: string; query: ConsoleQuestionQuerystring },
): Promise<{ items: ConsoleQuestion[]; total: number }> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'community.read' });
  const { query } = input;
  const { rows, total } = await listMeetingQuestionRows(
    deps.db,
    {
      meetingId: input.meetingId,
      enterpriseId: query.enterprise_id,
      answered: query.answered === undefined ? undefined : query.answered === '1',
    },
    { limit: query.limit ?? 50, skip: query.skip ?? 0 },
  );
  return {
    items: rows.map((row) => ({
      _id: toWireId(row.id),
      enterprise_id: toWireId(row.enterpriseId),
      enterprise_title: row.enterpriseTitle,
      user_id: toWireId(row.userId),
      username: row.username,
      content: row.content,
      is_public: row.isPublic === 1 ? 1 : 0,
      answer: row.answer,
      answered_at: row.answeredAt ? unix(row.answeredAt) : null,
      state: row.moderationState,
      answer_state: row.answerModerationState,
      created: unix(row.createdAt),
    })),
    total,
  };
}
