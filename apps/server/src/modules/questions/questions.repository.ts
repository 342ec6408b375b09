import { and, count, desc, eq, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { enterprises } from '../enterprises/enterprises.tables.ts';
import { users } from '../users/users.tables.ts';
import { type ModerationState, questions } from './questions.tables.ts';

export type QuestionRow = typeof questions.$inferSelect;
export type NewQuestionRow = typeof questions.$inferInsert;

/** The columns of a person shown in community items (contacts are filtered by the serializer). */
export type PersonRow = {
  id: string;
  username: string;
  avatar: string;
  phone: string | null;
  email: string | null;
  language: string | null;
};

/** Users by ids (community people: name, avatar, contacts, language for notices). */
export async function findPeople(db: Database, ids: string[]): Promise<PersonRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db
    .select({
      id: users.id,
      username: users.username,
      avatar: users.avatar,
      phone: users.phone,
      email: users.email,
      language: users.language,
    })
    .from(users)
    .where(inArray(users.id, unique));
}

/** Enterprises by ids: id, title, logo. */
export async function findEnterpriseCards(
  db: Database,
  ids: string[],
): Promise<{ id: string; title: string | Record<string, string>; logo: string }[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db
    .select({ id: enterprises.id, title: enterprises.title, logo: enterprises.logo })
    .from(enterprises)
    .where(inArray(enterprises.id, unique));
}

/** Inserts a question and returns it. */
export async function insertQuestion(db: Database, row: NewQuestionRow): Promise<QuestionRow> {
  const [inserted] = await db.insert(questions).values(row).returning();
  return inserted as QuestionRow;
}

/** A question by id that is not deleted, or undefined. */
export async function findLiveQuestion(db: Database, id: string): Promise<QuestionRow | undefined> {
  const [row] = await db
    .select()
    .from(questions)
    .where(and(eq(questions.id, id), ne(questions.moderationState, 'deleted')))
    .limit(1);
  return row;
}

/** Locks a question row until the transaction ends (SELECT … FOR UPDATE). */
export async function lockQuestion(db: Database, id: string): Promise<QuestionRow | undefined> {
  const [row] = await db.select().from(questions).where(eq(questions.id, id)).for('update').limit(1);
  return row;
}

/** Changes a question's columns (updated_at set now) and returns it. */
export async function updateQuestionRow(
  db: Database,
  id: string,
  patch: Partial<
    Pick<QuestionRow, 'isPublic' | 'answer' | 'answeredByUserId' | 'answeredAt' | 'answerModerationState'>
  >,
): Promise<QuestionRow> {
  const [row] = await db
    .update(questions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(questions.id, id))
    .returning();
  return row as QuestionRow;
}

/**
 * What one viewer may list (§6, community design): `viewerId` null for a visitor; `ownEnterpriseId`
 * is the enterprise the viewer is bound to as exhibitor in the meeting.
 */
export type QuestionFilter = {
  meetingId: string;
  viewerId: string | null;
  ownEnterpriseId: string | null;
  enterpriseId?: string | undefined;
  mine?: boolean;
  answered?: boolean | undefined;
  id?: string | undefined;
};

/**
 * The visibility rule in SQL: not deleted; visible, or the viewer's own under review / blocked; public,
 * or asked by the viewer, or to the viewer's enterprise. An answer withheld by moderation does not
 * count as answered for anyone but its enterprise.
 */
function questionWhere(filter: QuestionFilter): SQL {
  const { viewerId, ownEnterpriseId } = filter;
  const isMine = viewerId ? eq(questions.userId, viewerId) : sql`false`;
  const isOurs = ownEnterpriseId ? eq(questions.enterpriseId, ownEnterpriseId) : sql`false`;
  const answerShown = or(eq(questions.answerModerationState, 'visible'), isOurs) as SQL;
  const answered = and(ne(questions.answer, ''), answerShown) as SQL;
  const parts: (SQL | undefined)[] = [
    eq(questions.meetingId, filter.meetingId),
    ne(questions.moderationState, 'deleted'),
    or(eq(questions.moderationState, 'visible'), isMine),
    or(eq(questions.isPublic, 1), isMine, isOurs),
    filter.enterpriseId ? eq(questions.enterpriseId, filter.enterpriseId) : undefined,
    filter.mine ? isMine : undefined,
    filter.id ? eq(questions.id, filter.id) : undefined,
  ];
  if (filter.answered === true) parts.push(answered);
  if (filter.answered === false) parts.push(sql`not (${answered})`);
  return and(...parts) as SQL;
}

/** One page of the questions a viewer may see, newest first, and their total. */
export async function listQuestionRows(
  db: Database,
  filter: QuestionFilter,
  page: { limit: number; skip: number },
): Promise<{ rows: QuestionRow[]; total: number }> {
  const where = questionWhere(filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(questions)
      .where(where)
      .orderBy(desc(questions.createdAt), desc(questions.id))
      .limit(page.limit)
      .offset(page.skip),
    db.select({ total: count() }).from(questions).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Console: every question of a meeting (any state), newest first, and the total. */
export async function listMeetingQuestionRows(
  db: Database,
  filter: { meetingId: string; enterpriseId?: string | undefined; answered?: boolean | undefined },
  page: { limit: number; skip: number },
): Promise<{
  rows: (QuestionRow & { username: string; enterpriseTitle: string | Record<string, string> })[];
  total: number;
}> {
  const where = and(
    eq(questions.meetingId, filter.meetingId),
    filter.enterpriseId ? eq(questions.enterpriseId, filter.enterpriseId) : undefined,
    filter.answered === true ? ne(questions.answer, '') : undefined,
    filter.answered === false ? eq(questions.answer, '') : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ question: questions, username: users.username, enterpriseTitle: enterprises.title })
      .from(questions)
      .innerJoin(users, eq(users.id, questions.userId))
      .innerJoin(enterprises, eq(enterprises.id, questions.enterpriseId))
      .where(where)
      .orderBy(desc(questions.createdAt), desc(questions.id))
      .limit(page.limit)
      .offset(page.skip),
    db.select({ total: count() }).from(questions).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.question, username: r.username, enterpriseTitle: r.enterpriseTitle })),
    total: counted?.total ?? 0,
  };
}

/**
 * Sets the moderation state of a question (kind 'question') in a meeting; false when none.
 * A 'deleted' row is never touched; with onlyVisible only a 'visible' row is (report-driven hiding, §5).
 */
export async function setQuestionState(
  db: Database,
  input: { meetingId: string; targetId: string; state: ModerationState; onlyVisible?: boolean },
): Promise<boolean> {
  const rows = await db
    .update(questions)
    .set({ moderationState: input.state, updatedAt: new Date() })
    .where(
      and(
        eq(questions.id, input.targetId),
        eq(questions.meetingId, input.meetingId),
        input.onlyVisible
          ? eq(questions.moderationState, 'visible')
          : ne(questions.moderationState, 'deleted'),
      ),
    )
    .returning({ id: questions.id });
  return rows.length > 0;
}

/**
 * Sets the moderation state of a question's answer (kind 'answer'); false when there is no answer.
 * A 'deleted' row is never touched; with onlyVisible only a 'visible' row is (report-driven hiding, §5).
 */
export async function setAnswerState(
  db: Database,
  input: { meetingId: string; targetId: string; state: ModerationState; onlyVisible?: boolean },
): Promise<boolean> {
  const rows = await db
    .update(questions)
    .set({ answerModerationState: input.state, updatedAt: new Date() })
    .where(
      and(
        input.onlyVisible
          ? eq(questions.answerModerationState, 'visible')
          : ne(questions.answerModerationState, 'deleted'),
        eq(questions.id, input.targetId),
        eq(questions.meetingId, input.meetingId),
        isNotNull(questions.answeredByUserId),
      ),
    )
    .returning({ id: questions.id });
  return rows.length > 0;
}

/** Questions by ids (any state), for the moderation queue. */
export async function findQuestionsByIds(db: Database, ids: string[]): Promise<QuestionRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(questions).where(inArray(questions.id, ids));
}
