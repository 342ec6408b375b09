import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LiveSocketEvent, LoginResult } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { aiProviderOf } from '../../providers/ai/ai-provider-of.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../providers/ai/fake-openai-server.ts';
import { lives } from '../agendas/agendas.tables.ts';
import { liveHubInternalOf } from '../lives/lives.hub.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { sweepSubtitleLives } from './subtitles.jobs.ts';
import { acquireSubtitleLease, renewSubtitleLease, touchSubtitleLanguage } from './subtitles.repository.ts';
import { sourceErrors, startLiveWorker, subtitleRuntimeOf } from './subtitles.service.ts';
import {
  liveSubtitleCues,
  liveSubtitleLanguages,
  liveSubtitleRuns,
  liveSubtitleTranslations,
} from './subtitles.tables.ts';
import { onDemandTranslations } from './subtitles.translate.ts';

/**
 * Live subtitles end to end (§1 AI subtitles and translation, §7 GET /subtitles): speech made with
 * espeak-ng (two sentences with a pause), served over local HTTP as a live's pasted source, read by
 * Debian's ffmpeg, cut at the silence, transcribed by the fake OpenAI-compatible server → two cues in
 * order, published to the room through the live hub, answered by GET /subtitles and as WebVTT;
 * translations cached per cue; the lease keeps one worker per live and a stale one is taken over.
 */

let world: DemoWorld;
let fake: FakeOpenAi;
let audioServer: Server;
let audioUrl: string;
let workDir: string;
const hour = 3_600_000;
const sentences = ['Welcome to the opening keynote.', 'Today we talk about the future of exhibitions.'];

type Who = LoginResult | null;
function call(method: 'GET' | 'PUT', url: string, who: Who, json?: unknown) {
  return world.t.call(method, url, {
    headers: who ? bearer(who) : {},
    ...(json === undefined ? {} : { json }),
  });
}

async function makeLive(fields: Partial<typeof lives.$inferInsert> = {}): Promise<string> {
  const id = newId();
  await world.t.database.db.insert(lives).values({
    id,
    meetingId: world.meetingId,
    title: { en: 'Opening keynote' },
    start: new Date(Date.now() - hour),
    end: new Date(Date.now() + hour),
    access: 'public',
    sourceKind: 'url',
    sourceUrl: audioUrl,
    ...fields,
  });
  return id;
}

/** Every event the live's room hears (a socket attached to the hub, as the room socket does). */
function listen(liveId: string): LiveSocketEvent[] {
  const events: LiveSocketEvent[] = [];
  liveHubInternalOf(world.t.app).attach(
    liveId,
    {
      readyState: 1,
      send: (data) => {
        events.push(JSON.parse(String(data)) as LiveSocketEvent);
      },
      close: () => undefined,
    },
    null,
  );
  return events;
}

/** Whether the live's worker has stopped (the file's end: 'failed', to be read again, before the live's end). */
async function isDone(liveId: string): Promise<boolean> {
  const state = await runStateOf(liveId);
  return state !== undefined && state !== 'running';
}

async function runStateOf(liveId: string): Promise<string | undefined> {
  const [row] = await world.t.database.db
    .select({ state: liveSubtitleRuns.state })
    .from(liveSubtitleRuns)
    .where(eq(liveSubtitleRuns.liveId, liveId));
  return row?.state;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const settingsUrl = (liveId: string) =>
  apiUrl(`/console/meetings/${world.meetingId}/lives/${liveId}/subtitles`);
const transcriptions = () => fake.count('/v1/audio/transcriptions');
const chats = () => fake.count('/v1/chat/completions');

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'subtitles-'));
  const [first, second] = [join(workDir, 'a.wav'), join(workDir, 'b.wav')];
  execFileSync('espeak-ng', ['-w', first, sentences[0] as string]);
  execFileSync('espeak-ng', ['-w', second, sentences[1] as string]);
  // The two sentences with 1.2 s of silence between them.
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', first, '-i', second],
    ...['-filter_complex', '[0]apad=pad_dur=1.2[a0];[a0][1]concat=n=2:v=0:a=1', join(workDir, 'speech.wav')],
  ]);
  const audio = readFileSync(join(workDir, 'speech.wav'));
  audioServer = createServer((request, response) => {
    if (request.url !== '/speech.wav') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': audio.length }).end(audio);
  });
  await new Promise<void>((resolve) => audioServer.listen(0, '127.0.0.1', resolve));
  audioUrl = `http://127.0.0.1:${(audioServer.address() as AddressInfo).port}/speech.wav`;
  fake = await startFakeOpenAi();
  fake.onChat((body) => {
    const system = String(body.messages[0]?.content ?? '');
    const line = String(body.messages.at(-1)?.content ?? '');
    const to = /into ([A-Za-z ]+)\./.exec(system)?.[1] ?? '?';
    return { content: `[${to}] ${line}` };
  });
  world = await createDemoWorld({
    env: { AI_BASE_URL: fake.url, AI_API_KEY: 'test-key', AI_STT_MODEL: 'whisper-1' },
  });
  // The meeting offers English, Chinese and Japanese (§5 enabled languages): French is not enabled.
  await world.t.database.db
    .update(meetings)
    .set({ config: sql`jsonb_set(${meetings.config}, '{language}', '{"en":1,"zh":1,"ja":1}'::jsonb)` })
    .where(eq(meetings.id, world.meetingId));
}, 60_000);

afterAll(async () => {
  await world?.t.close();
  await fake?.close();
  await new Promise((resolve) => audioServer?.close(resolve));
  rmSync(workDir, { recursive: true, force: true });
});

describe('live subtitles', () => {
  it('turns spoken audio into two cues in order: published, listed, as WebVTT, translated for viewers', async () => {
    const liveId = await makeLive();
    const events = listen(liveId);
    fake.setTranscripts([...sentences]);
    const before = { transcriptions: transcriptions(), chats: chats() };
    // A viewer picked Japanese a moment ago: new cues are translated into it as they come.
    await touchSubtitleLanguage(world.t.database.db, liveId, 'ja');

    const saved = await call('PUT', settingsUrl(liveId), world.logins.organiser, {
      enabled: 1,
      source_language: 'en',
      target_languages: ['zh', 'ja'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ enabled: 1, source_language: 'en', target_languages: ['zh', 'ja'] });
    expect(saved.json().status.available).toBe(1);

    // The start job runs the worker until the file's end.
    await waitFor(() => isDone(liveId));
    expect(await runStateOf(liveId)).toBe('failed'); // read again later: the live goes on
    expect(transcriptions() - before.transcriptions).toBe(2);
    const transcribed = fake.requests.filter((request) => request.path === '/v1/audio/transcriptions').at(-1);
    expect(transcribed?.body).toMatchObject({ model: 'whisper-1', language: 'en' });

    const cues = await world.t.database.db
      .select()
      .from(liveSubtitleCues)
      .where(eq(liveSubtitleCues.liveId, liveId))
      .orderBy(liveSubtitleCues.seq);
    expect(cues.map((cue) => [cue.seq, cue.text, cue.language])).toEqual([
      [1, sentences[0], 'en'],
      [2, sentences[1], 'en'],
    ]);
    const [first, second] = cues as [(typeof cues)[0], (typeof cues)[0]];
    // Cut at the pause: the first cue ends where the silence starts, the second starts where it ends.
    expect(first.startMs).toBe(0);
    expect(first.endMs).toBeGreaterThan(1000);
    expect(first.endMs).toBeLessThan(2200);
    expect(second.startMs).toBeGreaterThanOrEqual(first.endMs + 800);
    expect(second.endMs).toBeGreaterThan(second.startMs + 1500);
    expect(first.audioEndAt).toBeInstanceOf(Date);

    // The room heard each cue, then its Japanese translation.
    const heard = events.filter((event) => event.type === 'subtitle').map((event) => event.cue);
    expect(heard.filter((cue) => cue.language === 'en').map((cue) => [cue.seq, cue.text])).toEqual([
      [1, sentences[0]],
      [2, sentences[1]],
    ]);
    expect(heard.filter((cue) => cue.language === 'ja').map((cue) => [cue.seq, cue.text])).toEqual([
      [1, `[Japanese] ${sentences[0]}`],
      [2, `[Japanese] ${sentences[1]}`],
    ]);
    expect(chats() - before.chats).toBe(2);

    // The live ends. GET /subtitles (§7): a visitor of the public live reads the cues after a seq.
    await world.t.database.db
      .update(lives)
      .set({ end: new Date(Date.now() - 1000) })
      .where(eq(lives.id, liveId));
    const all = await call('GET', apiUrl('/subtitles', { live_id: liveId }), null);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({
      state: 'ended',
      source_language: 'en',
      languages: ['en', 'zh', 'ja'],
      results: [
        { seq: 1, start_ms: first.startMs, end_ms: first.endMs, text: sentences[0], language: 'en' },
        { seq: 2, start_ms: second.startMs, end_ms: second.endMs, text: sentences[1], language: 'en' },
      ],
    });
    const after = await call('GET', apiUrl('/subtitles', { live_id: liveId, after: 1 }), null);
    expect(after.json().results.map((cue: { seq: number }) => cue.seq)).toEqual([2]);

    // The replay's track.
    const vtt = await call('GET', apiUrl('/subtitles/vtt', { live_id: liveId }), null);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.body.startsWith('WEBVTT\n')).toBe(true);
    expect(vtt.body).toContain(`1\n00:00:00.000 --> 00:00:0`);
    expect(vtt.body).toContain(sentences[1]);
    const japanese = await call('GET', apiUrl('/subtitles/vtt', { live_id: liveId, language: 'ja' }), null);
    expect(japanese.body).toContain(`[Japanese] ${sentences[0]}`);

    // The console's status: two cues, their delay.
    const status = await call('GET', settingsUrl(liveId), world.logins.organiser);
    expect(status.json().status).toMatchObject({ state: 'ended', cue_count: 2, available: 1 });
    expect(status.json().status.last_delay_ms).toBeGreaterThanOrEqual(0);
  }, 40_000);

  it('translates a cue into a language once: the second viewer reads the cache', async () => {
    const liveId = await makeLive();
    fake.setTranscripts([...sentences]);
    await call('PUT', settingsUrl(liveId), world.logins.organiser, {
      enabled: 1,
      source_language: 'en',
      target_languages: ['zh'],
    });
    await waitFor(() => isDone(liveId));
    const chatsBefore = chats();
    const first = await call(
      'GET',
      apiUrl('/subtitles', { live_id: liveId, language: 'zh' }),
      world.logins.user,
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().results.map((cue: { text: string }) => cue.text)).toEqual([
      `[Simplified Chinese] ${sentences[0]}`,
      `[Simplified Chinese] ${sentences[1]}`,
    ]);
    expect(chats() - chatsBefore).toBe(2);
    const second = await call('GET', apiUrl('/subtitles', { live_id: liveId, language: 'zh' }), null);
    expect(second.json().results).toEqual(first.json().results);
    expect(chats() - chatsBefore).toBe(2);
    const cached = await world.t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(liveSubtitleTranslations)
      .innerJoin(liveSubtitleCues, eq(liveSubtitleCues.id, liveSubtitleTranslations.cueId))
      .where(and(eq(liveSubtitleCues.liveId, liveId), eq(liveSubtitleTranslations.language, 'zh')));
    expect(cached[0]?.n).toBe(2);

    // A language the live does not offer, or the meeting has not enabled: 400, nothing stored.
    const refused = await call('GET', apiUrl('/subtitles', { live_id: liveId, language: 'fr' }), null);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('subtitles.language_not_offered');
    const notEnabled = await call('PUT', settingsUrl(liveId), world.logins.organiser, {
      enabled: 1,
      source_language: 'en',
      target_languages: ['fr'],
    });
    expect(notEnabled.statusCode).toBe(400);
    expect(notEnabled.json().code).toBe('subtitles.language_not_enabled');
    const languages = await world.t.database.db
      .select()
      .from(liveSubtitleLanguages)
      .where(eq(liveSubtitleLanguages.liveId, liveId));
    expect(languages.map((row) => row.language)).not.toContain('fr');
    const stranger = await call('PUT', settingsUrl(liveId), world.logins.participant, {
      enabled: 0,
      source_language: 'en',
      target_languages: [],
    });
    expect(stranger.statusCode).toBe(403);
  }, 40_000);

  it('keeps one worker per live: the lease goes to one of two replicas and a stale one is taken over', async () => {
    const db = world.t.database.db;
    const liveId = await makeLive();
    const racing = await Promise.all([
      acquireSubtitleLease(db, liveId, 'replica-a'),
      acquireSubtitleLease(db, liveId, 'replica-b'),
    ]);
    expect(racing.filter(Boolean)).toHaveLength(1);
    const holder = racing[0] ? 'replica-a' : 'replica-b';
    const other = holder === 'replica-a' ? 'replica-b' : 'replica-a';
    expect(await acquireSubtitleLease(db, liveId, other)).toBeNull();
    expect(await renewSubtitleLease(db, liveId, holder, 0)).toBe(true);

    // With subtitles on, this process's worker is refused while the other replica's lease is fresh.
    await call('PUT', settingsUrl(liveId), world.logins.organiser, {
      enabled: 1,
      source_language: 'en',
      target_languages: [],
    });
    const deps = {
      db,
      config: world.t.app.deps.config,
      publish: async () => undefined,
      log: { warn: () => undefined },
    };
    expect(await startLiveWorker(deps, liveId)).toBe('taken');
    expect(subtitleRuntimeOf(world.t.app.deps.config).running.has(liveId)).toBe(false);

    // The holder died: 31 s without a heartbeat. The sweep offers a start job, this process takes
    // over and resumes after the cues already made (seq and times go on).
    await db
      .update(liveSubtitleRuns)
      .set({ heartbeatAt: sql`now() - interval '31 seconds'` })
      .where(eq(liveSubtitleRuns.liveId, liveId));
    const [earlier] = await db
      .insert(liveSubtitleCues)
      .values({
        id: newId(),
        liveId,
        seq: 1,
        startMs: 0,
        endMs: 5000,
        language: 'en',
        text: 'Before the crash.',
      })
      .returning();
    fake.setTranscripts([...sentences]);
    // This app's own 10 s sweep may have offered the start job first (one per live at a time, a
    // singleton): then this call offers none. Either way the takeover below must happen.
    expect([0, 1]).toContain(await sweepSubtitleLives(db, world.t.app.deps.jobs));
    await waitFor(() => isDone(liveId));
    expect(await renewSubtitleLease(db, liveId, holder, 0)).toBe(false);
    const cues = await db
      .select()
      .from(liveSubtitleCues)
      .where(eq(liveSubtitleCues.liveId, liveId))
      .orderBy(liveSubtitleCues.seq);
    expect(cues.map((cue) => cue.seq)).toEqual([1, 2, 3]);
    expect(cues[1]?.startMs).toBeGreaterThanOrEqual(earlier?.endMs ?? 0);
    // A run that just stopped is not restarted by the sweep before its lease is stale.
    expect(await sweepSubtitleLives(db, world.t.app.deps.jobs)).toBe(0);
  }, 40_000);

  it('answers off without settings, and as watching the live: 403 to who may not, 404 for an unknown live', async () => {
    const liveId = await makeLive();
    const off = await call('GET', apiUrl('/subtitles', { live_id: liveId }), null);
    expect(off.json()).toMatchObject({ state: 'off', results: [] });
    const hidden = await makeLive({ access: 'registered' });
    expect((await call('GET', apiUrl('/subtitles', { live_id: hidden }), world.logins.user)).statusCode).toBe(
      403,
    );
    expect((await call('GET', apiUrl('/subtitles', { live_id: newId() }), null)).statusCode).toBe(404);
  });

  it('in production refuses a pasted source on a loopback or private address: the console shows why (§9)', async () => {
    // Starts in an hour, so the start job waits; this process then starts the worker as production.
    const liveId = await makeLive({
      start: new Date(Date.now() + hour),
      end: new Date(Date.now() + 2 * hour),
    });
    const saved = await call('PUT', settingsUrl(liveId), world.logins.organiser, {
      enabled: 1,
      source_language: 'en',
      target_languages: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const config = world.t.app.deps.config;
    const warnings: string[] = [];
    const production = {
      db: world.t.database.db,
      config: { ...config, NODE_ENV: 'production' as const },
      provider: aiProviderOf(config),
      publish: async () => undefined,
      log: { warn: (_: object, message: string) => void warnings.push(message) },
    };
    const transcribedBefore = transcriptions();
    expect(await startLiveWorker(production, liveId)).toBe('refused');
    expect(subtitleRuntimeOf(production.config).running.has(liveId)).toBe(false);
    expect(warnings).toContain('subtitles: source host refused');
    expect(transcriptions()).toBe(transcribedBefore);
    const status = await call('GET', settingsUrl(liveId), world.logins.organiser);
    // The live has not started: the console says 'waiting', with the reason the last start failed.
    expect(status.json().status.error).toBe(sourceErrors.notPublic);
    expect(await runStateOf(liveId)).toBe('failed');
  });

  it('bounds translations on GET /subtitles: a few calls per poll, none for a minute after a failure', async () => {
    const db = world.t.database.db;
    const liveId = await makeLive({ end: new Date(Date.now() - 1000) });
    await call('PUT', settingsUrl(liveId), world.logins.organiser, {
      enabled: 1,
      source_language: 'en',
      target_languages: ['zh'],
    });
    await db.insert(liveSubtitleCues).values(
      Array.from({ length: 20 }, (_, index) => ({
        id: newId(),
        liveId,
        seq: index + 1,
        startMs: index * 2000,
        endMs: index * 2000 + 1500,
        language: 'en',
        text: `Line ${index + 1}.`,
      })),
    );
    fake.fail('http500', { path: '/v1/chat/completions' });
    try {
      const before = chats();
      const first = await call('GET', apiUrl('/subtitles', { live_id: liveId, language: 'zh' }), null);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().results).toEqual([]);
      const asked = chats() - before;
      expect(asked).toBeGreaterThan(0);
      // At most the per-poll number of cues, each with the provider's one retry.
      expect(asked).toBeLessThanOrEqual(onDemandTranslations * 2);
      // The provider is back, but this live's Chinese rests for a minute: polls answer the cache.
      fake.fail('none');
      const second = await call('GET', apiUrl('/subtitles', { live_id: liveId, language: 'zh' }), null);
      expect(second.statusCode).toBe(200);
      expect(second.json().results).toEqual([]);
      expect(chats() - before).toBe(asked);
    } finally {
      fake.fail('none');
    }
  }, 40_000);
});
