import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl, waitUntil } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import type { App } from '../../app-types.ts';
import { newId } from '../../db/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { createResponseCache } from '../../plugins/response-cache.ts';
import type { AiProvider } from '../../providers/ai/ai.provider.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../providers/ai/fake-openai-server.ts';
import { createOpenAiCompatibleProvider } from '../../providers/ai/openai-compatible.ts';
import { lives } from '../agendas/agendas.tables.ts';
import { newPerson, type Person } from '../appointments/appointments.fixtures.ts';
import { liveClock } from '../lives/lives.clock.ts';
import {
  type LiveMailDeps,
  liveMinutesJob,
  scheduleLiveJobs,
  sendLiveReplayMails,
} from '../lives/lives.reminders.ts';
import { liveUsers } from '../lives/lives.tables.ts';
import { outboxMessages } from '../messages/messages.tables.ts';
import { findMinutesLive, minutesOf } from './minutes.repository.ts';
import { type MinutesDeps, minutesLanguages, writeLiveMinutes } from './minutes.service.ts';
import { liveMinutes, liveSubtitleCues, liveSubtitleSettings } from './subtitles.tables.ts';

/**
 * Minutes of a live (§1 minutes; §9 the minutes link mailed within 2 hours of the end), through the
 * job's handler, the API and the durable queue: model minutes per language from the fake chat
 * (JSON validated), extractive minutes without a provider and when the model answers malformed
 * JSON, the read's states and language fallback, the console's regenerate call, and the minutes
 * mail sent exactly once — across a rerun of the job and a restart of the app.
 */

let world: DemoWorld;
let meetingId: string;
let app: App;
let fake: FakeOpenAi;
let ai: AiProvider;
const realNow = liveClock.now;
const minute = 60_000;

const englishTalk = [
  'Welcome to the session on battery supply for electric buses.',
  'Battery supply for electric buses was short last year because cell factories were full.',
  'The weather was nice on the way here.',
  'We decided to order battery cells from two factories instead of one.',
  'Battery prices for electric buses should fall as new cell factories open.',
  'Anna will send the battery supply forecast to all members by Friday.',
];

/** An ended live of the demo meeting (ended `agoMs` ago), with its transcript cues. */
async function endedLive(
  options: { agoMs?: number; cues?: string[]; language?: string; replayUrl?: string } = {},
) {
  const end = Date.now() - (options.agoMs ?? 5 * minute);
  const row = {
    id: newId(),
    meetingId,
    title: { en: 'Battery forum', zh: '电池论坛' },
    start: new Date(end - 60 * minute),
    end: new Date(end),
    replayUrl: options.replayUrl ?? '',
  };
  const db = world.t.database.db;
  await db.insert(lives).values(row);
  const texts = options.cues ?? englishTalk;
  if (texts.length > 0) {
    await db.insert(liveSubtitleCues).values(
      texts.map((text, i) => ({
        id: newId(),
        liveId: row.id,
        seq: i + 1,
        startMs: i * 5000,
        endMs: i * 5000 + 4000,
        language: options.language ?? 'en',
        text,
      })),
    );
  }
  return row;
}

function minutesDeps(withAi: boolean): MinutesDeps {
  const { db, config, jobs } = app.deps;
  return { db, config, jobs, ai: withAi ? ai : undefined };
}

function mailDeps(): LiveMailDeps {
  const { db, config, jobs } = app.deps;
  return { db, config, jobs, sms: { name: 'outbox' }, mail: { name: 'outbox' } };
}

async function mailsTo(email: string) {
  return world.t.database.db
    .select({ subject: outboxMessages.subject, body: outboxMessages.body })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, email));
}

let serial = 0;
async function subscriber(liveId: string, language = 'en'): Promise<Person & { email: string }> {
  serial += 1;
  const phone = `+86137${String(Date.now() % 100_000).padStart(5, '0')}${String(serial).padStart(3, '0')}`;
  const email = `minutes-${newId().slice(-10)}@example.org`;
  const person = await newPerson(world.t, meetingId, { phone, email, language });
  await world.t.database.db.insert(liveUsers).values({ liveId, userId: person.userId, subscribed: 1 });
  return { ...person, email };
}

/** Waits until no job that is due is waiting or running (later ones, such as tomorrow's reminders, stay queued). */
const settle = () => world.t.drainDueJobs(15_000);

function getMinutes(liveId: string, language?: string, who: { token: string } | null = null) {
  return world.t.call('GET', apiUrl(`/lives/${liveId}/minutes`, language ? { language } : {}), {
    headers: who ? bearer(who as never) : {},
  });
}

/** A model answer in `language` (the language code asked for, read from the system prompt). */
function languageAsked(body: { messages: Array<{ role: string; content?: unknown }> }): string {
  const system = String(body.messages.find((m) => m.role === 'system')?.content ?? '');
  return /language code ([a-z]+)/u.exec(system)?.[1] ?? '?';
}

beforeAll(async () => {
  world = await createDemoWorld();
  meetingId = world.meetingId;
  app = world.t.app;
  fake = await startFakeOpenAi();
  ai = createOpenAiCompatibleProvider({
    baseUrl: fake.url,
    model: 'fake-gpt',
    timeoutMs: 5000,
    maxRetries: 0,
  });
});
afterEach(() => {
  liveClock.now = realNow;
  fake.onChat(undefined);
  fake.reset();
});
afterAll(async () => {
  await fake.close();
  if (app === world.t.app) {
    await world.t.close();
  } else {
    await app.close();
    await world.t.database.close();
  }
});

describe('minutes with the chat provider', () => {
  it('writes one model minutes per language from JSON answers and mails the link once', async () => {
    const live = await endedLive();
    const reader = await subscriber(live.id);
    fake.onChat((body) => {
      const language = languageAsked(body);
      return {
        content: JSON.stringify({
          summary: `Summary in ${language}: battery supply.`,
          key_points: [`Point in ${language}`],
          decisions: ['Two factories'],
          action_items: ['Anna sends the forecast by Friday'],
        }),
      };
    });
    const outcome = await writeLiveMinutes(minutesDeps(true), { liveId: live.id, endMs: live.end.getTime() });
    const meeting = await findMinutesLive(world.t.database.db, live.id);
    const languages = minutesLanguages('en', meeting?.meetingLanguages ?? null);
    expect(outcome.state).toBe('ready');
    expect(languages.length).toBeGreaterThan(1);
    expect(fake.count('/v1/chat/completions')).toBe(languages.length);
    const chat = fake.requests.find((request) => request.path.endsWith('/chat/completions'))?.body as {
      response_format?: { type: string };
      messages: Array<{ role: string; content: string }>;
    };
    expect(chat.response_format?.type).toBe('json_object');
    // The transcript is data in the user message, never in the instructions.
    expect(chat.messages[0]?.content).not.toContain('battery');
    expect(chat.messages[1]?.content).toContain('We decided to order battery cells');
    const rows = await minutesOf(world.t.database.db, live.id);
    expect(rows.map((row) => row.language).sort()).toEqual([...languages].sort());
    expect(rows.every((row) => row.engine === 'model')).toBe(true);

    const res = await getMinutes(live.id, 'en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'ready',
      minutes: {
        language: 'en',
        engine: 'model',
        summary: 'Summary in en: battery supply.',
        decisions: ['Two factories'],
      },
    });

    // The mail job was enqueued with the minutes: it goes out at once, with the minutes tab.
    await waitUntil(async () => (await mailsTo(reader.email)).length > 0);
    await settle();
    const mails = await mailsTo(reader.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Minutes: Battery forum');
    expect(mails[0]?.body).toContain('its minutes are ready');
    expect(mails[0]?.body).toContain(`live_id=${live.id}`);
    expect(mails[0]?.body).toContain('tab=minutes');

    // A rerun (the job handed out again after a crash) writes and mails nothing more; the end+30
    // guarantee finds everyone mailed.
    expect(
      (await writeLiveMinutes(minutesDeps(true), { liveId: live.id, endMs: live.end.getTime() })).state,
    ).toBe('skipped');
    expect(await sendLiveReplayMails(mailDeps(), { liveId: live.id, endMs: live.end.getTime() })).toBe(0);
    await settle();
    expect(await mailsTo(reader.email)).toHaveLength(1);
    expect(fake.count('/v1/chat/completions')).toBe(languages.length);
  });

  it('falls back to extractive minutes when the model answers malformed or wrong-shaped JSON', async () => {
    const live = await endedLive();
    fake.onChat((body) => {
      const language = languageAsked(body);
      if (language === 'en') return { content: '{"summary": "unfinished' };
      return { content: JSON.stringify({ summary: 42, key_points: 'no' }) };
    });
    const outcome = await writeLiveMinutes(minutesDeps(true), { liveId: live.id, endMs: live.end.getTime() });
    expect(outcome.state).toBe('ready');
    const rows = await minutesOf(world.t.database.db, live.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ language: 'en', engine: 'extractive', cueCount: englishTalk.length });
    expect(rows[0]?.body.decisions).toEqual([
      'We decided to order battery cells from two factories instead of one.',
    ]);
    expect(rows[0]?.body.action_items).toEqual([
      'Anna will send the battery supply forecast to all members by Friday.',
    ]);
    // Another language asked for falls back to the transcript's.
    const res = await getMinutes(live.id, 'zh');
    expect(res.json()).toMatchObject({
      state: 'ready',
      minutes: { language: 'en', engine: 'extractive' },
      languages: ['en'],
    });
  });

  it('keeps the languages the model answered and makes the transcript language extractive when only it failed', async () => {
    const live = await endedLive();
    fake.onChat((body) => {
      const language = languageAsked(body);
      if (language === 'en') return { content: 'Sure! Here are the minutes: ...' };
      return {
        content: `\`\`\`json\n${JSON.stringify({ summary: `摘要 ${language}`, key_points: [], decisions: [], action_items: [] })}\n\`\`\``,
      };
    });
    await writeLiveMinutes(minutesDeps(true), { liveId: live.id, endMs: live.end.getTime() });
    const rows = await minutesOf(world.t.database.db, live.id);
    const byLanguage = new Map(rows.map((row) => [row.language, row]));
    expect(byLanguage.get('en')?.engine).toBe('extractive');
    for (const row of rows.filter((r) => r.language !== 'en')) {
      expect(row.engine).toBe('model');
      expect(row.body.summary).toBe(`摘要 ${row.language}`);
    }
  });
});

describe('minutes without a provider', () => {
  it('writes extractive minutes in the transcript language only (Chinese)', async () => {
    const live = await endedLive({
      language: 'zh',
      cues: [
        '大家好，欢迎参加电池供应论坛。',
        '今年电池供应紧张，主要原因是电池产能不足。',
        '今天天气不错。',
        '经过讨论，我们决定与两家电池厂签订长期供应协议。',
        '张经理负责在下周五之前整理电池供应报告。',
      ],
    });
    await world.t.database.db
      .insert(liveSubtitleSettings)
      .values({ liveId: live.id, enabled: 1, sourceLanguage: 'zh' });
    const outcome = await writeLiveMinutes(minutesDeps(false), {
      liveId: live.id,
      endMs: live.end.getTime(),
    });
    expect(outcome.state).toBe('ready');
    expect(fake.count('/v1/chat/completions')).toBe(0);
    const res = await getMinutes(live.id, 'en');
    expect(res.json()).toMatchObject({
      state: 'ready',
      languages: ['zh'],
      minutes: {
        language: 'zh',
        engine: 'extractive',
        decisions: ['经过讨论，我们决定与两家电池厂签订长期供应协议。'],
        action_items: ['张经理负责在下周五之前整理电池供应报告。'],
      },
    });
    expect(res.json().minutes.summary).toContain('电池');
  });

  it("answers 'none' without a transcript and 'pending' before the minutes; nothing before the end", async () => {
    const silent = await endedLive({ cues: [] });
    expect(
      (await writeLiveMinutes(minutesDeps(false), { liveId: silent.id, endMs: silent.end.getTime() })).state,
    ).toBe('none');
    expect((await getMinutes(silent.id)).json()).toEqual({ state: 'none', languages: [] });
    const talked = await endedLive();
    expect((await getMinutes(talked.id)).json()).toEqual({ state: 'pending', languages: [] });
    // A job for an older end, or before the end, writes nothing.
    expect((await writeLiveMinutes(minutesDeps(false), { liveId: talked.id, endMs: 1 })).state).toBe(
      'skipped',
    );
    liveClock.now = () => new Date(talked.end.getTime() - minute);
    expect(
      (await writeLiveMinutes(minutesDeps(false), { liveId: talked.id, endMs: talked.end.getTime() })).state,
    ).toBe('skipped');
    expect(await minutesOf(world.t.database.db, talked.id)).toHaveLength(0);
  });

  it('hides the minutes of a private live from who may not watch it', async () => {
    const live = await endedLive();
    await world.t.database.db.update(lives).set({ access: 'private' }).where(eq(lives.id, live.id));
    await writeLiveMinutes(minutesDeps(false), { liveId: live.id, endMs: live.end.getTime() });
    expect((await getMinutes(live.id, 'en', world.logins.user)).statusCode).toBe(403);
    expect((await getMinutes(live.id, 'en', world.logins.organiser)).json().state).toBe('ready');
    expect((await getMinutes(newId())).statusCode).toBe(404);
  });
});

describe("the console's regenerate call", () => {
  it('refuses before the end, queues once a minute after it, and rewrites without mailing', async () => {
    const url = (liveId: string) => apiUrl(`/console/meetings/${meetingId}/lives/${liveId}/minutes`);
    const post = (liveId: string, who = world.logins.organiser) =>
      world.t.call('POST', url(liveId), { headers: bearer(who as never), json: {} });
    const running = await endedLive({ agoMs: -30 * minute });
    const early = await post(running.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('minutes.live_not_ended');
    expect((await post(running.id, world.logins.user)).statusCode).toBe(403);

    const live = await endedLive();
    const reader = await subscriber(live.id);
    await world.t.database.db
      .update(liveUsers)
      .set({ replayMailedAt: new Date() })
      .where(eq(liveUsers.userId, reader.userId));
    await writeLiveMinutes(minutesDeps(false), { liveId: live.id, endMs: live.end.getTime() });
    const before = (await minutesOf(world.t.database.db, live.id))[0];
    await world.t.database.db
      .update(liveMinutes)
      .set({ body: { summary: 'old', key_points: [], decisions: [], action_items: [] } })
      .where(eq(liveMinutes.liveId, live.id));
    const res = await post(live.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ state: 'pending' });
    expect((await post(live.id)).statusCode).toBe(200);
    await waitUntil(async () => (await minutesOf(world.t.database.db, live.id))[0]?.body.summary !== 'old');
    await settle();
    const jobs = (await world.t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${liveMinutesJob.name} AND data->>'liveId' = ${live.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(jobs.rows[0]?.n)).toBe(1);
    expect((await minutesOf(world.t.database.db, live.id))[0]?.body).toEqual(before?.body);
    expect(await mailsTo(reader.email)).toHaveLength(0);
  });
});

// Last: it replaces the app serving the test database.
describe('a restart between the end and the minutes', () => {
  it('writes the minutes and mails the link exactly once', async () => {
    // The minutes job is due at end + 1 minute: in about 3 s.
    const live = await endedLive({ agoMs: minute - 3000 });
    const reader = await subscriber(live.id);
    const db = world.t.database.db;
    await inTransaction(db, (tx) => scheduleLiveJobs(tx, app.deps.jobs, live));
    const { config } = app.deps;
    await app.close();
    expect(await mailsTo(reader.email)).toHaveLength(0);

    app = await buildApp({
      db,
      dbKind: world.t.database.kind,
      config,
      cache: createResponseCache(0),
      jobs: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 0 },
    });
    await app.ready();
    await waitUntil(async () => (await mailsTo(reader.email)).length > 0);
    // The job runs again (at least once delivery): nothing more is written or sent.
    await inTransaction(db, (tx) =>
      app.deps.jobs.enqueue(tx, liveMinutesJob, { liveId: live.id, endMs: live.end.getTime() }),
    );
    app.deps.jobs.wake(liveMinutesJob);
    await settle();
    expect(await sendLiveReplayMails(mailDeps(), { liveId: live.id, endMs: live.end.getTime() })).toBe(0);
    const mails = await mailsTo(reader.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Minutes: Battery forum');
    expect(await minutesOf(db, live.id)).toHaveLength(1);
  });
});
