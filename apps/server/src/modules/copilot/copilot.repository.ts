import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { CopilotCardRow } from './copilot.tables.ts';

/**
 * SQL of the copilot's answers (§1 copilot): the meeting's copilot texts and limits, conversations and
 * messages, and the reads its tools make that no other module answers (an exhibitor's free slots, the
 * upcoming sessions, registration activities, FAQ entries). No rules here: the service decides.
 */

type Localized = string | Record<string, string>;

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A meeting as the copilot sees it: its texts, dates, place and the copilot's settings. */
export type CopilotMeetingRow = {
  id: string;
  title: Localized;
  description: Localized;
  venue: Localized;
  start: Date | string;
  end: Date | string;
  timeZone: string;
  exhibition: Record<string, unknown>;
  userDailyRequests: number;
  meetingDailyTokens: number;
  contact: string;
  /** Model tokens the meeting used on the UTC day given to findCopilotMeeting (0 without one). */
  tokensToday: number | string;
};

/** The meeting (not deleted) with its copilot settings (defaults when the organiser saved none). */
export async function findCopilotMeeting(
  db: Database,
  meetingId: string,
  day?: string,
): Promise<CopilotMeetingRow | undefined> {
  const used = day
    ? sql`(SELECT prompt_tokens + completion_tokens FROM copilot_usage_daily u WHERE u.meeting_id = m.id AND u.day = ${day})`
    : sql`0`;
  const rows = await rowsOf<CopilotMeetingRow>(
    db,
    sql`SELECT m.id, m.title, m.description, m.venue, m.start, m."end", m.time_zone AS "timeZone", m.exhibition,
        COALESCE(s.user_daily_requests, 30) AS "userDailyRequests",
        COALESCE(s.meeting_daily_tokens, 2000000) AS "meetingDailyTokens",
        COALESCE(s.contact, '') AS contact, COALESCE(${used}, 0) AS "tokensToday"
      FROM meetings m LEFT JOIN copilot_settings s ON s.meeting_id = m.id
      WHERE m.id = ${meetingId} AND m.deleted = 0`,
  );
  return rows[0];
}

// ---- conversations and messages ------------------------------------------------------------------

export type ConversationRow = { id: string; meetingId: string; askerKey: string; language: string };

/** The asker's current (not cleared) conversation in a meeting, the latest. */
export async function findOpenConversation(
  db: Database,
  meetingId: string,
  askerKey: string,
): Promise<ConversationRow | undefined> {
  const rows = await rowsOf<ConversationRow>(
    db,
    sql`SELECT id, meeting_id AS "meetingId", asker_key AS "askerKey", language FROM copilot_conversations
      WHERE meeting_id = ${meetingId} AND asker_key = ${askerKey} AND closed = 0
      ORDER BY updated_at DESC, id DESC LIMIT 1`,
  );
  return rows[0];
}

/** One conversation of this asker (open or not) by id. */
export async function findAskerConversation(
  db: Database,
  input: { id: string; meetingId: string; askerKey: string },
): Promise<(ConversationRow & { closed: number }) | undefined> {
  const rows = await rowsOf<ConversationRow & { closed: number }>(
    db,
    sql`SELECT id, meeting_id AS "meetingId", asker_key AS "askerKey", language, closed FROM copilot_conversations
      WHERE id = ${input.id} AND meeting_id = ${input.meetingId} AND asker_key = ${input.askerKey}`,
  );
  return rows[0];
}

/** Marks the asker's open conversations of a meeting cleared (the next question starts a new one). */
export async function closeConversations(db: Database, meetingId: string, askerKey: string): Promise<number> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`UPDATE copilot_conversations SET closed = 1, updated_at = now()
      WHERE meeting_id = ${meetingId} AND asker_key = ${askerKey} AND closed = 0 RETURNING id`,
  );
  return rows.length;
}

export async function insertConversation(
  db: Database,
  row: {
    id: string;
    meetingId: string;
    askerKey: string;
    userId: string | null;
    language: string;
    title: string;
  },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO copilot_conversations (id, meeting_id, asker_key, user_id, language, title)
      VALUES (${row.id}, ${row.meetingId}, ${row.askerKey}, ${row.userId}, ${row.language}, ${row.title})`,
  );
}

export type MessageRow = {
  id: string;
  conversationId: string;
  role: 'user' | 'assistant';
  content: string;
  cards: CopilotCardRow[];
  engine: 'model' | 'builtin' | '';
  state: 'done' | 'failed' | 'refused';
  rating: number;
  createdAt: Date | string;
};

const messageColumns = sql`id, conversation_id AS "conversationId", role, content, cards, engine, state, rating,
  created_at AS "createdAt"`;

/** The last `limit` messages of a conversation, oldest first. */
export async function findLastMessages(
  db: Database,
  conversationId: string,
  limit: number,
): Promise<MessageRow[]> {
  const rows = await rowsOf<MessageRow>(
    db,
    sql`SELECT ${messageColumns} FROM copilot_messages WHERE conversation_id = ${conversationId}
      ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
  );
  return rows.reverse();
}

/**
 * Stores a question and its answer placeholder in one statement sequence of one transaction (the
 * caller's): the answer row starts as 'failed' with no content, so a crash mid-answer leaves the
 * question and a failed answer, never half rows; `finishAnswer` writes it once at the end.
 */
export async function insertQuestionAndAnswer(
  db: Database,
  input: {
    conversationId: string;
    meetingId: string;
    questionId: string;
    answerId: string;
    question: string;
    engine: 'model' | 'builtin';
  },
): Promise<void> {
  await db.execute(
    sql`WITH added AS (
        INSERT INTO copilot_messages (id, conversation_id, meeting_id, role, content, engine, state, created_at)
        VALUES (${input.questionId}, ${input.conversationId}, ${input.meetingId}, 'user', ${input.question}, '', 'done', clock_timestamp()),
          (${input.answerId}, ${input.conversationId}, ${input.meetingId}, 'assistant', '', ${input.engine}, 'failed',
            clock_timestamp() + interval '1 millisecond')
        RETURNING id)
      UPDATE copilot_conversations SET message_count = message_count + (SELECT count(*) FROM added), updated_at = now()
      WHERE id = ${input.conversationId}`,
  );
}

/** Writes the finished answer (content, cards, engine, state, tokens, first token time). */
export async function finishAnswer(
  db: Database,
  input: {
    answerId: string;
    content: string;
    cards: CopilotCardRow[];
    engine: 'model' | 'builtin';
    state: 'done' | 'failed' | 'refused';
    promptTokens: number;
    completionTokens: number;
    firstTokenMs: number | null;
  },
): Promise<void> {
  await db.execute(
    sql`UPDATE copilot_messages SET content = ${input.content}, cards = ${JSON.stringify(input.cards)}::jsonb,
        engine = ${input.engine}, state = ${input.state}, prompt_tokens = ${input.promptTokens},
        completion_tokens = ${input.completionTokens}, first_token_ms = ${input.firstTokenMs}
      WHERE id = ${input.answerId}`,
  );
}

/** Sets the asker's rating of one of their answers; false when no such answer of theirs. */
export async function rateAnswer(
  db: Database,
  input: { messageId: string; meetingId: string; askerKey: string; rating: -1 | 0 | 1 },
): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`UPDATE copilot_messages m SET rating = ${input.rating}
      FROM copilot_conversations c
      WHERE m.id = ${input.messageId} AND m.role = 'assistant' AND m.meeting_id = ${input.meetingId}
        AND c.id = m.conversation_id AND c.asker_key = ${input.askerKey}
      RETURNING m.id`,
  );
  return rows.length > 0;
}

// ---- tool reads ----------------------------------------------------------------------------------

export type SlotRow = {
  id: string;
  start: Date | string;
  end: Date | string;
  timezone: string;
  exhibitorId: string;
  enterpriseId: string;
  enterpriseTitle: Localized;
  booth: string;
};

/**
 * An exhibitor's published slots in its meeting that start after `now` and no applying or accepted
 * request holds (§3 Schedule), soonest first; `day` ('YYYY-MM-DD' in `timeZone`) narrows to one day.
 */
export async function findFreeSlots(
  db: Database,
  input: { meetingId: string; exhibitorId: string; day?: string; timeZone: string; now: Date; limit: number },
): Promise<SlotRow[]> {
  const onDay = input.day
    ? sql` AND to_char(s.start_at AT TIME ZONE ${input.timeZone}, 'YYYY-MM-DD') = ${input.day}`
    : sql``;
  return rowsOf<SlotRow>(
    db,
    sql`SELECT s.id, s.start_at AS start, s.end_at AS "end", s.timezone, x.id AS "exhibitorId",
        x.enterprise_id AS "enterpriseId", e.title AS "enterpriseTitle", x.booth
      FROM exhibitors x
      JOIN enterprises e ON e.id = x.enterprise_id AND e.deleted = 0
      JOIN schedules s ON s.enterprise_id = x.enterprise_id AND s.meeting_id = x.meeting_id
        AND s.kind = 'slot' AND s.deleted = 0 AND s.start_at > ${input.now.toISOString()}::timestamptz${onDay}
      WHERE x.id = ${input.exhibitorId} AND x.meeting_id = ${input.meetingId} AND x.deleted = 0 AND x.is_shown = 1
        AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.schedule_id = s.id AND a.status IN (0, 1))
      ORDER BY s.start_at LIMIT ${input.limit}`,
  );
}

export type SessionRow = {
  id: string;
  title: Localized;
  subtitle: Localized;
  abstract: Localized;
  start: Date | string;
  end: Date | string;
  room: string | null;
  speakers: string | null;
};

/** A meeting's shown sessions not ended at `now`, soonest first; `day` as in findFreeSlots. */
export async function findUpcomingSessions(
  db: Database,
  input: { meetingId: string; day?: string; timeZone: string; now: Date; limit: number },
): Promise<SessionRow[]> {
  const onDay = input.day
    ? sql` AND to_char(a.start AT TIME ZONE ${input.timeZone}, 'YYYY-MM-DD') = ${input.day}`
    : sql` AND a."end" > ${input.now.toISOString()}::timestamptz`;
  return rowsOf<SessionRow>(
    db,
    sql`SELECT a.id, a.title, a.subtitle, a.abstract, a.start, a."end", r.name AS room,
        (SELECT string_agg(s.name, ', ' ORDER BY x.position) FROM agenda_speakers x JOIN speakers s ON s.id = x.speaker_id
          WHERE x.agenda_id = a.id AND s.deleted = 0) AS speakers
      FROM agendas a LEFT JOIN rooms r ON r.id = a.room_id
      WHERE a.meeting_id = ${input.meetingId} AND a.deleted = 0 AND a.enable_show = 1${onDay}
      ORDER BY a.start, a.id LIMIT ${input.limit}`,
  );
}

export type ActivityRow = {
  id: string;
  title: Localized;
  address: Localized;
  start: Date | string;
  end: Date | string;
  deadline: Date | string | null;
};

/** A meeting's shown, public activities taking registrations (§3 Activity), by weight then start. */
export async function findRegistrationActivities(
  db: Database,
  meetingId: string,
  limit: number,
): Promise<ActivityRow[]> {
  return rowsOf<ActivityRow>(
    db,
    sql`SELECT id, title, address, start, "end", deadline FROM activities
      WHERE meeting_id = ${meetingId} AND deleted = 0 AND enable_show = 1 AND privacy = 0
      ORDER BY weight DESC, start LIMIT ${limit}`,
  );
}

export type FaqRow = { id: string; language: string; question: string; answer: string; weight: number };

/** The meeting's enabled FAQ entries (at most `limit`, heaviest first). */
export async function findEnabledFaqs(db: Database, meetingId: string, limit: number): Promise<FaqRow[]> {
  return rowsOf<FaqRow>(
    db,
    sql`SELECT id, language, question, answer, weight FROM copilot_faqs
      WHERE meeting_id = ${meetingId} AND enabled = 1 ORDER BY weight DESC, id LIMIT ${limit}`,
  );
}
