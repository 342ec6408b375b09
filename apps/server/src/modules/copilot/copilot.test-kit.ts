import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { ids, seedFixture } from '../../../test/fixture.ts';
import { apiUrl, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../providers/ai/fake-openai-server.ts';

/** Test helpers of the copilot's API tests (§1 copilot): an app on the fake AI server, SSE parsing. */

export type SseEvent = { event: string; data: Record<string, unknown> };

/** The events of a text/event-stream body, in order. */
export function sseEvents(body: string): SseEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '{}';
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

export const eventOf = (events: SseEvent[], name: string) => events.find((e) => e.event === name)?.data;

export type CopilotWorld = {
  t: TestApp;
  fake: FakeOpenAi;
  meetingId: string;
  enterprise: { acme: string };
  exhibitor: { acme: string };
  close: () => Promise<void>;
  /** Asks as a device (default the test device) or with extra headers. */
  ask: (
    content: string,
    options?: { device?: string; headers?: Record<string, string>; body?: Record<string, unknown> },
  ) => Promise<LightMyRequestResponse>;
  /** Forgets the one-question-per-2-s mark of every asker (questions in a row without waiting). */
  allowNext: () => Promise<void>;
  count: (table: string) => Promise<number>;
};

const json = (value: unknown) => JSON.stringify(value);

/**
 * The fixture meeting with the copilot on ("Robo"), an exhibitor "Acme Robotics" with `description`,
 * a product, a slot of the exhibitor, and the app on a fake OpenAI server (AI_BASE_URL).
 */
export async function createCopilotWorld(
  options: { description?: string; env?: Record<string, string> } = {},
): Promise<CopilotWorld> {
  const fake = await startFakeOpenAi();
  const t = await createTestApp({ env: { AI_BASE_URL: fake.url, AI_MODEL: 'fake-gpt', ...options.env } });
  const db = t.database.db;
  await seedFixture(db);
  const meetingId = ids.meeting;
  const enterprise = { acme: newId() };
  const exhibitor = { acme: newId() };
  await db.execute(
    sql`UPDATE meetings SET exhibition = exhibition || ${json({ enable_copilot: 1, copilot_name: 'Robo' })}::jsonb WHERE id = ${meetingId}`,
  );
  await db.execute(sql`INSERT INTO enterprises (id, title, description) VALUES
    (${enterprise.acme}, ${json({ en: 'Acme Robotics', zh: '艾克米机器人' })}::jsonb, ${json({ en: options.description ?? 'Industrial robot arms for factories.' })}::jsonb)`);
  await db.execute(sql`INSERT INTO exhibitors (id, meeting_id, enterprise_id, booth, is_shown) VALUES
    (${exhibitor.acme}, ${meetingId}, ${enterprise.acme}, 'A-12', 1)`);
  await db.execute(sql`INSERT INTO schedules (id, meeting_id, kind, enterprise_id, start_at, end_at, timezone) VALUES
    (${newId()}, ${meetingId}, 'slot', ${enterprise.acme}, now() + interval '2 days', now() + interval '2 days 30 minutes', 'Europe/Berlin')`);
  const count = async (table: string) => {
    const result = (await db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as unknown as {
      rows: { n: number }[];
    };
    return Number(result.rows[0]?.n ?? 0);
  };
  return {
    t,
    fake,
    meetingId,
    enterprise,
    exhibitor,
    close: async () => {
      await t.close();
      await fake.close();
    },
    ask: (content, opts = {}) =>
      t.call('POST', apiUrl('/copilot/messages'), {
        json: { meeting_id: meetingId, content, language: 'en', ...opts.body },
        headers: { ...(opts.device ? { 'device-id': opts.device } : {}), ...opts.headers },
      }),
    allowNext: async () => {
      await db.execute(sql`UPDATE copilot_asker_daily SET last_asked_at = NULL`);
    },
    count,
  };
}
