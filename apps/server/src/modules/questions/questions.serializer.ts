import type { QaItemState, QaPerson, Question } from '@app/contracts';
import { toWireId } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { unix } from '../../db/wire.ts';
import { findEnterpriseCards, findPeople, type PersonRow, type QuestionRow } from './questions.repository.ts';
import type { ModerationState } from './questions.tables.ts';

/** Who is looking: a user (or null for a visitor) and the enterprise they answer for in the meeting. */
export type QuestionViewer = { userId: string | null; ownEnterpriseId: string | null };

/** A moderation state as its author may see it ('deleted' items are never serialised). */
export function shownState(state: ModerationState): QaItemState {
  return state === 'deleted' ? 'blocked' : state;
}

/** A person on the wire; phone and e-mail only when `showContact` (§6 contact rules). */
export function toWirePerson(id: string, person: PersonRow | undefined, showContact: boolean): QaPerson {
  return {
    _id: toWireId(id),
    username: person?.username ?? '',
    avatar: person?.avatar ?? '',
    phone: showContact ? (person?.phone ?? '') : '',
    email: showContact ? (person?.email ?? '') : '',
  };
}

/**
 * Questions as `viewer` sees them (§4 Q&A, §6): the asker sees their own contact and the real state
 * of their question; the bound exhibitor sees the asker's contact on a private question, and its own
 * answer whatever its moderation state; everyone else an answer only while it is visible.
 */
export async function toWireQuestions(
  db: Database,
  rows: QuestionRow[],
  viewer: QuestionViewer,
): Promise<Question[]> {
  const [people, cards] = await Promise.all([
    findPeople(
      db,
      rows.map((r) => r.userId),
    ),
    findEnterpriseCards(
      db,
      rows.map((r) => r.enterpriseId),
    ),
  ]);
  const personOf = new Map(people.map((p) => [p.id, p]));
  const cardOf = new Map(cards.map((c) => [c.id, c]));
  return rows.map((row) => {
    const isMine = viewer.userId !== null && row.userId === viewer.userId;
    const canAnswer = viewer.ownEnterpriseId !== null && row.enterpriseId === viewer.ownEnterpriseId;
    const isAnswerShown = row.answerModerationState === 'visible' || canAnswer;
    const answer = isAnswerShown ? row.answer : '';
    const card = cardOf.get(row.enterpriseId);
    return {
      _id: toWireId(row.id),
      meeting_id: toWireId(row.meetingId),
      enterprise_id: toWireId(row.enterpriseId),
      enterprise: {
        _id: toWireId(row.enterpriseId),
        title: card?.title ?? '',
        logo: card?.logo ?? '',
      },
      user: toWirePerson(row.userId, personOf.get(row.userId), isMine || (canAnswer && row.isPublic === 0)),
      content: row.content,
      is_public: row.isPublic === 1 ? 1 : 0,
      answer,
      is_answered: answer !== '' ? 1 : 0,
      answered_at: answer !== '' && row.answeredAt ? unix(row.answeredAt) : null,
      state: isMine ? shownState(row.moderationState) : 'visible',
      answer_state: canAnswer ? shownState(row.answerModerationState) : 'visible',
      is_mine: isMine ? 1 : 0,
      can_answer: canAnswer ? 1 : 0,
      created: unix(row.createdAt),
      updated: unix(row.updatedAt),
    };
  });
}
