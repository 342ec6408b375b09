import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CopilotWorld, createCopilotWorld, eventOf, sseEvents } from './copilot.test-kit.ts';

/**
 * The copilot's limits (§1 copilot, §8 'Do not operate frequently!', §9): per asker and day, one
 * question in flight and one per 2 s (all one SQL statement), the meeting's daily tokens, the
 * question's length, and the answer's time limit (AI_TIMEOUT_MS, here 1.5 s).
 */

let w: CopilotWorld;
beforeAll(async () => {
  w = await createCopilotWorld({ env: { AI_TIMEOUT_MS: '1500' } });
});
afterAll(() => w.close());
beforeEach(async () => {
  w.fake.onChat(undefined);
  w.fake.fail('none');
  w.fake.reset();
  await w.allowNext();
});

const db = () => w.t.database.db;

describe('per-asker limits', () => {
  it('lets one of five concurrent questions of one asker through; the others get 429 with Retry-After', async () => {
    const device = 'device-burst';
    const answers = await Promise.all(Array.from({ length: 5 }, () => w.ask('Acme Robotics', { device })));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 429, 429, 429, 429]);
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expect(res.json()).toMatchObject({ code: 'too_frequent', message: 'Do not operate frequently!' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    const rows = (await db().execute(
      sql`SELECT requests, busy_until AS "busyUntil" FROM copilot_asker_daily WHERE asker_key = ${`d:${device}`}`,
    )) as unknown as { rows: { requests: number; busyUntil: unknown }[] };
    expect(rows.rows).toEqual([{ requests: 1, busyUntil: null }]);
    // A question within 2 s of the last one is refused.
    await db().execute(
      sql`UPDATE copilot_asker_daily SET last_asked_at = clock_timestamp() WHERE asker_key = ${`d:${device}`}`,
    );
    expect((await w.ask('again', { device })).statusCode).toBe(429);
  });

  it('stops an asker at the daily limit even when the last questions arrive together', async () => {
    await db().execute(sql`INSERT INTO copilot_settings (meeting_id, user_daily_requests) VALUES (${w.meetingId}, 3)
      ON CONFLICT (meeting_id) DO UPDATE SET user_daily_requests = 3`);
    const device = 'device-daily';
    for (let i = 0; i < 2; i++) {
      expect((await w.ask(`question ${i}`, { device })).statusCode).toBe(200);
      await w.allowNext();
    }
    const last = await Promise.all(Array.from({ length: 4 }, () => w.ask('one more', { device })));
    expect(last.filter((res) => res.statusCode === 200)).toHaveLength(1);
    await w.allowNext();
    const over = await w.ask('past the limit', { device });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(86_400);
    // Another asker is not affected.
    expect((await w.ask('hello', { device: 'device-daily-2' })).statusCode).toBe(200);
    await db().execute(sql`DELETE FROM copilot_settings WHERE meeting_id = ${w.meetingId}`);
  });

  it('refuses a 10,000-character question with copilot.too_long naming the limit, storing nothing', async () => {
    const before = await w.count('copilot_messages');
    const res = await w.ask('x'.repeat(10_000), { device: 'device-long' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'copilot.too_long',
      details: [{ path: 'body/content', max: 1000 }],
    });
    expect(await w.count('copilot_messages')).toBe(before);
    const rows = (await db().execute(
      sql`SELECT 1 FROM copilot_asker_daily WHERE asker_key = 'd:device-long'`,
    )) as unknown as { rows: unknown[] };
    expect(rows.rows).toHaveLength(0);
    // 1000 characters are fine.
    expect((await w.ask('y'.repeat(1000), { device: 'device-long' })).statusCode).toBe(200);
  });
});

describe('meeting limits and time limits', () => {
  it('answers with the built-in assistant once the meeting spent its daily tokens, calling no model', async () => {
    await db().execute(sql`INSERT INTO copilot_settings (meeting_id, meeting_daily_tokens) VALUES (${w.meetingId}, 100)
      ON CONFLICT (meeting_id) DO UPDATE SET meeting_daily_tokens = 100`);
    await db().execute(sql`INSERT INTO copilot_usage_daily (meeting_id, day, prompt_tokens, completion_tokens)
      VALUES (${w.meetingId}, ${new Date().toISOString().slice(0, 10)}, 90, 10)
      ON CONFLICT (meeting_id, day) DO UPDATE SET prompt_tokens = 90, completion_tokens = 10`);
    const res = await w.ask('Acme Robotics', { device: 'device-tokens' });
    expect(res.statusCode).toBe(200);
    const events = sseEvents(res.body);
    expect(eventOf(events, 'meta')).toMatchObject({ engine: 'builtin' });
    expect(eventOf(events, 'done')).toMatchObject({ engine: 'builtin' });
    expect(w.fake.count('/v1/chat/completions')).toBe(0);
    await db().execute(sql`DELETE FROM copilot_settings WHERE meeting_id = ${w.meetingId}`);
    await db().execute(sql`DELETE FROM copilot_usage_daily WHERE meeting_id = ${w.meetingId}`);
  });

  it('gives the built-in answer after a notice when the model does not finish within AI_TIMEOUT_MS', async () => {
    w.fake.fail('hang');
    const started = Date.now();
    const res = await w.ask('Acme Robotics', { device: 'device-hang' });
    expect(Date.now() - started).toBeLessThan(6000);
    const events = sseEvents(res.body);
    expect(eventOf(events, 'notice')).toMatchObject({ code: 'copilot.provider_unavailable' });
    expect(eventOf(events, 'done')).toMatchObject({ engine: 'builtin' });
    // The asker is free again at once (not held for the in-flight lease).
    w.fake.fail('none');
    await w.allowNext();
    expect((await w.ask('Acme Robotics', { device: 'device-hang' })).statusCode).toBe(200);
  });
});
