import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * The copilot's limits (§1 copilot; §8 'Do not operate frequently!'; §9), each decided by one SQL
 * statement so concurrent questions and replicas can never pass them:
 * - per asker and UTC day: at most `user_daily_requests` questions, one per 2 s, one in flight —
 *   one conditional upsert of copilot_asker_daily;
 * - per meeting and UTC day: past `meeting_daily_tokens` model tokens the built-in assistant answers;
 *   each model call's tokens are added as soon as the provider reports them (addModelTokens, also for
 *   answers cut short), and the answer itself is counted once at its end (countUsage);
 * - per client address: copilotAddressLimits (the route), so fresh device ids buy no extra questions.
 */

/** The UTC day of an instant, 'YYYY-MM-DD'. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Seconds until the next UTC midnight (the Retry-After of a spent daily limit). */
export function secondsToUtcMidnight(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

export type AskerTake =
  | { ok: true }
  | { ok: false; reason: 'daily' | 'burst' | 'busy'; retryAfterSeconds: number };

async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Takes one question of an asker: counts it and marks the asker busy until `busyMs` from now, only
 * when the day's count is under `dailyLimit`, the last question was taken at least `burstMs` ago and
 * no other question of theirs is in flight (`busy_until` unset or past). One statement: the row lock
 * of ON CONFLICT DO UPDATE orders concurrent takes and its WHERE reads the row as the previous take
 * left it. Refused: why, and after how many seconds to try again.
 */
export async function takeAskerQuestion(
  db: Database,
  input: {
    meetingId: string;
    askerKey: string;
    dailyLimit: number;
    burstMs: number;
    busyMs: number;
    now: Date;
  },
): Promise<AskerTake> {
  const day = utcDay(input.now);
  if (input.dailyLimit <= 0)
    return { ok: false, reason: 'daily', retryAfterSeconds: secondsToUtcMidnight(input.now) };
  const burst = `${Math.max(0, input.burstMs)} milliseconds`;
  const busy = `${Math.max(1000, input.busyMs)} milliseconds`;
  const taken = await rowsOf<{ requests: number }>(
    db,
    sql`INSERT INTO copilot_asker_daily AS d (meeting_id, asker_key, day, requests, last_asked_at, busy_until)
      VALUES (${input.meetingId}, ${input.askerKey}, ${day}, 1, clock_timestamp(), clock_timestamp() + ${busy}::interval)
      ON CONFLICT (meeting_id, asker_key, day) DO UPDATE
        SET requests = d.requests + 1, last_asked_at = clock_timestamp(),
          busy_until = clock_timestamp() + ${busy}::interval
        WHERE d.requests < ${input.dailyLimit}
          AND (d.last_asked_at IS NULL OR d.last_asked_at <= clock_timestamp() - ${burst}::interval)
          AND (d.busy_until IS NULL OR d.busy_until <= clock_timestamp())
      RETURNING d.requests`,
  );
  if (taken.length > 0) return { ok: true };
  // Refused: read why (the row exists, or the insert would have answered).
  const [row] = await rowsOf<{ requests: number; burstLeftMs: number | null; busyLeftMs: number | null }>(
    db,
    sql`SELECT requests,
        CASE WHEN last_asked_at IS NULL THEN NULL
          ELSE EXTRACT(EPOCH FROM (last_asked_at + ${burst}::interval - clock_timestamp())) * 1000 END AS "burstLeftMs",
        CASE WHEN busy_until IS NULL THEN NULL
          ELSE EXTRACT(EPOCH FROM (busy_until - clock_timestamp())) * 1000 END AS "busyLeftMs"
      FROM copilot_asker_daily WHERE meeting_id = ${input.meetingId} AND asker_key = ${input.askerKey} AND day = ${day}`,
  );
  if (!row || Number(row.requests) >= input.dailyLimit) {
    return { ok: false, reason: 'daily', retryAfterSeconds: secondsToUtcMidnight(input.now) };
  }
  const busyLeft = Number(row.busyLeftMs ?? 0);
  if (busyLeft > 0)
    return { ok: false, reason: 'busy', retryAfterSeconds: Math.max(1, Math.ceil(busyLeft / 1000)) };
  const burstLeft = Number(row.burstLeftMs ?? 0);
  return { ok: false, reason: 'burst', retryAfterSeconds: Math.max(1, Math.ceil(burstLeft / 1000)) };
}

/** Ends the asker's question in flight (their tokens were added call by call: addModelTokens). */
export async function releaseAskerQuestion(
  db: Database,
  input: { meetingId: string; askerKey: string; now: Date },
): Promise<void> {
  await db.execute(
    sql`UPDATE copilot_asker_daily SET busy_until = NULL
      WHERE meeting_id = ${input.meetingId} AND asker_key = ${input.askerKey} AND day = ${utcDay(input.now)}`,
  );
}

/**
 * Adds one model call's tokens to the meeting's UTC day (copilot_usage_daily, creating the row with no
 * requests) and to the asker's day (copilot_asker_daily.tokens), in one statement, as soon as the
 * provider reports them — an answer cut short later still counts what it used.
 */
export async function addModelTokens(
  db: Database,
  input: { meetingId: string; askerKey: string; now: Date; promptTokens: number; completionTokens: number },
): Promise<void> {
  if (input.promptTokens <= 0 && input.completionTokens <= 0) return;
  const day = utcDay(input.now);
  await db.execute(
    sql`WITH asker AS (
        UPDATE copilot_asker_daily SET tokens = tokens + ${input.promptTokens + input.completionTokens}
        WHERE meeting_id = ${input.meetingId} AND asker_key = ${input.askerKey} AND day = ${day})
      INSERT INTO copilot_usage_daily AS u (meeting_id, day, requests, model_requests, builtin_requests,
        failed_requests, prompt_tokens, completion_tokens)
      VALUES (${input.meetingId}, ${day}, 0, 0, 0, 0, ${input.promptTokens}, ${input.completionTokens})
      ON CONFLICT (meeting_id, day) DO UPDATE SET prompt_tokens = u.prompt_tokens + ${input.promptTokens},
        completion_tokens = u.completion_tokens + ${input.completionTokens}`,
  );
}

/** Whether the meeting spent its model tokens of the UTC day (then the built-in assistant answers). */
export async function isMeetingOverTokens(
  db: Database,
  input: { meetingId: string; limit: number; now: Date },
): Promise<boolean> {
  if (input.limit <= 0) return true;
  const [row] = await rowsOf<{ used: number | string }>(
    db,
    sql`SELECT prompt_tokens + completion_tokens AS used FROM copilot_usage_daily
      WHERE meeting_id = ${input.meetingId} AND day = ${utcDay(input.now)}`,
  );
  return Number(row?.used ?? 0) >= input.limit;
}

/** Adds one answer to the meeting's day: its engine (or failure); its tokens came by addModelTokens. */
export async function countUsage(
  db: Database,
  input: {
    meetingId: string;
    now: Date;
    engine: 'model' | 'builtin';
    isFailed: boolean;
  },
): Promise<void> {
  const model = !input.isFailed && input.engine === 'model' ? 1 : 0;
  const builtin = !input.isFailed && input.engine === 'builtin' ? 1 : 0;
  const failed = input.isFailed ? 1 : 0;
  await db.execute(
    sql`INSERT INTO copilot_usage_daily AS u (meeting_id, day, requests, model_requests, builtin_requests,
        failed_requests, prompt_tokens, completion_tokens)
      VALUES (${input.meetingId}, ${utcDay(input.now)}, 1, ${model}, ${builtin}, ${failed}, 0, 0)
      ON CONFLICT (meeting_id, day) DO UPDATE SET requests = u.requests + 1,
        model_requests = u.model_requests + ${model}, builtin_requests = u.builtin_requests + ${builtin},
        failed_requests = u.failed_requests + ${failed}`,
  );
}

/**
 * Questions per client address (POST /copilot/messages, before any per-asker counting): a visitor
 * asks one per 2 s at most and a venue's shared address carries many visitors, so the limits are wide;
 * a script rotating device ids is held to them. Keyed by address only, never by an account or device,
 * so nobody can use them up for someone else's account.
 */
export const copilotAddressLimits = [
  { name: 'copilot-ask-minute', points: 20, durationSeconds: 60 },
  { name: 'copilot-ask-hour', points: 200, durationSeconds: 3600 },
] as const;
