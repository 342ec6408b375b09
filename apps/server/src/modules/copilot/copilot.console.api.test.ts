import type {
  ConsoleCopilotConversation,
  ConsoleCopilotConversationDetail,
  ConsoleCopilotFaq,
  ConsoleCopilotMessage,
  ConsoleCopilotSettings,
  ConsoleCopilotUsage,
} from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorld, type DemoWorld } from '../../../test/demo-roles.ts';
import { bearer } from '../../../test/login.ts';
import { apiUrl } from '../../../test/test-app.ts';
import { newId } from '../../db/ids.ts';
import { insertStaff } from '../activities/activities.fixtures.ts';
import { newPerson, type Person } from '../appointments/appointments.fixtures.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import {
  copilotConversations,
  copilotFaqs,
  copilotMessages,
  copilotSettings,
  copilotUsageDaily,
} from './copilot.tables.ts';

/**
 * The console's copilot area through the API (§1 copilot; §3 Meeting.exhibition; DESIGN §7):
 * settings merge into exhibition (other keys kept) and copilot_settings in one audited write that the
 * public meeting read shows at once; refused input answers 400 and stores nothing; FAQ entries with a
 * cap that concurrent adds cannot pass; conversation review with masked askers, search, flags whose
 * count stays right under concurrent flagging; usage per day with cost. Runs on PGlite and PostgreSQL.
 */

let world: DemoWorld;
let meetingId: string;
let owner: Person;
let editor: Person;
let stranger: Person;
let asker: Person;

const db = () => world.t.database.db;
const base = () => `/console/meetings/${meetingId}/copilot`;
const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, who: Person, json?: unknown) =>
  world.t.call(method, apiUrl(path), {
    headers: bearer(who as never),
    ...(json === undefined ? {} : { json }),
  });

/** A conversation with a question and an answer (citing a card) as the copilot stores them. */
async function seedConversation(input: { userId: string | null; title: string; answer: string }) {
  const conversationId = newId();
  const questionId = newId();
  const answerId = newId();
  await db()
    .insert(copilotConversations)
    .values({
      id: conversationId,
      meetingId,
      askerKey: input.userId ? `u:${input.userId}` : `d:${newId()}`,
      userId: input.userId,
      language: 'en',
      title: input.title,
      messageCount: 2,
    });
  await db()
    .insert(copilotMessages)
    .values([
      {
        id: questionId,
        conversationId,
        meetingId,
        role: 'user',
        content: input.title,
        createdAt: new Date(Date.now() - 1000),
      },
      {
        id: answerId,
        conversationId,
        meetingId,
        role: 'assistant',
        content: input.answer,
        cards: [{ type: 'agenda', id: newId(), title: 'Opening keynote' }],
        engine: 'model',
        promptTokens: 120,
        completionTokens: 30,
        firstTokenMs: 420,
      },
    ]);
  return { conversationId, questionId, answerId };
}

beforeAll(async () => {
  world = await createDemoWorld({
    cacheTtlSeconds: 60,
    env: { AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_MODEL: 'fake-gpt', AI_STT_MODEL: 'fake-whisper' },
  });
  meetingId = world.meetingId;
  await insertStaff(db(), { meetingId, phone: '+8613900139771', role: 'owner' });
  await insertStaff(db(), { meetingId, phone: '+8613900139772', role: 'editor' });
  owner = await newPerson(world.t, meetingId, { phone: '+8613900139771' });
  editor = await newPerson(world.t, meetingId, { phone: '+8613900139772' });
  stranger = await newPerson(world.t, meetingId);
  asker = await newPerson(world.t, meetingId, { phone: '+8613800138123', username: ' ' });
});
afterAll(async () => {
  await world.t.close();
});

describe('settings', () => {
  it('reads defaults and the provider status; 403 to editors and strangers', async () => {
    const res = await call('GET', `${base()}/settings`, owner);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ConsoleCopilotSettings;
    expect(body).toMatchObject({
      enable_copilot: 0,
      copilot_prologue_questions: [],
      user_daily_requests: 30,
      meeting_daily_tokens: 2_000_000,
      currency: 'CNY',
      contact: '',
      provider: { configured: 1, model: 'fake-gpt', can_transcribe: 1 },
      updated_at: null,
    });
    expect((await call('GET', `${base()}/settings`, editor)).statusCode).toBe(403);
    expect((await call('GET', `${base()}/settings`, stranger)).statusCode).toBe(403);
    expect((await call('PUT', `${base()}/settings`, editor, { copilot_name: 'x' })).statusCode).toBe(403);
  });

  it('merges the texts into exhibition (other keys kept), saves the limits, audits, and the public read shows it', async () => {
    await db()
      .update(meetings)
      .set({ exhibition: { show_exhibitor: 1, copilot_name: 'Old' } })
      .where(eq(meetings.id, meetingId));
    const readPublic = async () => {
      const res = await world.t.call('GET', apiUrl('/demand/meetings', { query: { _id: meetingId } }));
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { results: Array<{ exhibition: Record<string, unknown> }> }).results[0]
        ?.exhibition;
    };
    await readPublic(); // now cached
    const res = await call('PUT', `${base()}/settings`, owner, {
      enable_copilot: 1,
      copilot_name: '  Expo helper ',
      copilot_prologue_title: 'Ask me',
      copilot_prologue_questions: ['Where is hall 3?', 'When is the keynote?'],
      user_daily_requests: 50,
      meeting_daily_tokens: 1_000_000,
      input_price_micros: 150_000,
      output_price_micros: 600_000,
      currency: 'usd',
      contact: 'help@example.com',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ConsoleCopilotSettings;
    expect(body).toMatchObject({
      enable_copilot: 1,
      copilot_name: 'Expo helper',
      copilot_prologue_questions: ['Where is hall 3?', 'When is the keynote?'],
      user_daily_requests: 50,
      currency: 'USD',
      contact: 'help@example.com',
    });
    expect(body.updated_at).toBeGreaterThan(0);
    const [meeting] = await db().select().from(meetings).where(eq(meetings.id, meetingId));
    expect(meeting?.exhibition).toMatchObject({
      show_exhibitor: 1,
      enable_copilot: 1,
      copilot_name: 'Expo helper',
    });
    expect(await readPublic()).toMatchObject({
      show_exhibitor: 1,
      copilot_name: 'Expo helper',
      enable_copilot: 1,
    });

    // A partial save keeps what it does not name.
    const partial = await call('PUT', `${base()}/settings`, owner, { contact: '' });
    expect(partial.json()).toMatchObject({
      copilot_name: 'Expo helper',
      user_daily_requests: 50,
      contact: '',
    });

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.meetingId, meetingId), eq(auditLog.action, 'copilot.settings')));
    expect(audits.length).toBe(2);
    expect(audits[0]?.after).toMatchObject({ copilot_name: 'Expo helper' });
  });

  it('refuses out-of-limit input with 400 naming the field, storing nothing', async () => {
    const [before] = await db()
      .select()
      .from(copilotSettings)
      .where(eq(copilotSettings.meetingId, meetingId));
    const refused = [
      { copilot_name: 'x'.repeat(31) },
      { copilot_prologue_title: 'x'.repeat(61) },
      { copilot_prologue_description: 'x'.repeat(301) },
      { copilot_prologue_questions: ['1', '2', '3', '4', '5', '6', '7'] },
      { copilot_prologue_questions: ['x'.repeat(101)] },
      { copilot_prologue_questions: ['  '] },
      { user_daily_requests: 10_001 },
      { user_daily_requests: -1 },
      { meeting_daily_tokens: 1_000_000_001 },
      { input_price_micros: 1.5 },
      { currency: 'EURO' },
      { contact: 'x'.repeat(201) },
      { enable_copilot: 2 },
      { provider: { configured: 1 } },
    ];
    for (const json of refused) {
      const res = await call('PUT', `${base()}/settings`, owner, { user_daily_requests: 7, ...json });
      expect(res.statusCode, JSON.stringify(json)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    const [after] = await db().select().from(copilotSettings).where(eq(copilotSettings.meetingId, meetingId));
    expect(after).toEqual(before);
  });
});

describe('FAQ entries', () => {
  it('adds, lists, edits and deletes; 403 through another meeting; 400 for a bad language or a long answer', async () => {
    const created = await call('POST', `${base()}/faqs`, owner, {
      language: 'zh',
      question: '寄存处在哪里？',
      answer: '北门入口。',
    });
    expect(created.statusCode, created.body).toBe(200);
    const faq = created.json() as ConsoleCopilotFaq;
    expect(faq).toMatchObject({ language: 'zh', enabled: 1, weight: 0 });
    const id = faq._id.$id;
    const edited = await call('PUT', `${base()}/faqs/${id}`, owner, {
      language: 'zh',
      question: '寄存处？',
      answer: '北门。',
      enabled: 0,
      weight: 5,
    });
    expect(edited.json()).toMatchObject({ question: '寄存处？', enabled: 0, weight: 5 });
    const list = await call('GET', `${base()}/faqs`, owner);
    expect((list.json() as { items: ConsoleCopilotFaq[] }).items.map((item) => item._id.$id)).toContain(id);
    const elsewhere = `/console/meetings/${newId()}/copilot/faqs/${id}`;
    expect((await call('DELETE', elsewhere, owner)).statusCode).toBe(403);
    expect(
      (await call('POST', `${base()}/faqs`, owner, { language: 'xx', question: 'q', answer: 'a' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call('POST', `${base()}/faqs`, owner, {
          language: 'en',
          question: 'q',
          answer: 'a'.repeat(2001),
        })
      ).statusCode,
    ).toBe(400);
    expect((await call('DELETE', `${base()}/faqs/${id}`, owner)).json()).toEqual({ ok: 1 });
    expect((await call('DELETE', `${base()}/faqs/${id}`, owner)).statusCode).toBe(404);
    expect((await call('GET', `${base()}/faqs`, editor)).statusCode).toBe(403);
  });

  it('never passes the cap of 500 entries, even with concurrent adds', async () => {
    await db().delete(copilotFaqs).where(eq(copilotFaqs.meetingId, meetingId));
    await db()
      .insert(copilotFaqs)
      .values(
        Array.from({ length: 499 }, (_, i) => ({ id: newId(), meetingId, question: `q${i}`, answer: 'a' })),
      );
    const results = await Promise.all(
      [1, 2, 3].map((i) =>
        call('POST', `${base()}/faqs`, owner, { language: 'en', question: `c${i}`, answer: 'a' }),
      ),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    expect(results.find((res) => res.statusCode === 409)?.json()).toMatchObject({
      code: 'copilot.faq_limit',
    });
    const rows = await db().select().from(copilotFaqs).where(eq(copilotFaqs.meetingId, meetingId));
    expect(rows).toHaveLength(500);
    await db().delete(copilotFaqs).where(eq(copilotFaqs.meetingId, meetingId));
  });
});

describe('conversation review', () => {
  let named: Awaited<ReturnType<typeof seedConversation>>;
  let anonymous: Awaited<ReturnType<typeof seedConversation>>;

  beforeAll(async () => {
    named = await seedConversation({
      userId: asker.userId,
      title: 'Where is hall 3?',
      answer: 'Hall 3 is north.',
    });
    anonymous = await seedConversation({
      userId: null,
      title: 'When is lunch?',
      answer: 'At noon 100% sure.',
    });
  });

  it('lists with masked askers, searches titles and messages, pages; editors may review', async () => {
    const res = await call('GET', `${base()}/conversations`, editor);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { items: ConsoleCopilotConversation[]; total: number };
    expect(page.total).toBe(2);
    const askers = Object.fromEntries(page.items.map((item) => [item.title, item.asker]));
    expect(askers['Where is hall 3?']).toBe('+86138****8123');
    expect(askers['When is lunch?']).toBe('anonymous');
    const search = await call('GET', `${base()}/conversations?q=north`, editor);
    expect(
      (search.json() as { items: ConsoleCopilotConversation[] }).items.map((item) => item.title),
    ).toEqual(['Where is hall 3?']);
    const literal = await call('GET', `${base()}/conversations?q=${encodeURIComponent('100%')}`, editor);
    expect((literal.json() as { total: number }).total).toBe(1);
    const wildcard = await call('GET', `${base()}/conversations?q=${encodeURIComponent('%')}`, editor);
    expect((wildcard.json() as { total: number }).total).toBe(1);
    const paged = await call('GET', `${base()}/conversations?size=1&page=2`, editor);
    expect(paged.json()).toMatchObject({ total: 2, page: 2, size: 1 });
    expect((paged.json() as { items: unknown[] }).items).toHaveLength(1);
    expect((await call('GET', `${base()}/conversations?size=101`, editor)).statusCode).toBe(400);
    expect((await call('GET', `${base()}/conversations`, stranger)).statusCode).toBe(403);
  });

  it('shows a conversation with its messages and cards', async () => {
    const res = await call('GET', `${base()}/conversations/${named.conversationId}`, editor);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as ConsoleCopilotConversationDetail;
    expect(detail.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(detail.messages[1]).toMatchObject({
      engine: 'model',
      state: 'done',
      prompt_tokens: 120,
      completion_tokens: 30,
      first_token_ms: 420,
      flagged: 0,
      cards: [{ type: 'agenda', title: 'Opening keynote' }],
    });
    expect((await call('GET', `${base()}/conversations/${newId()}`, editor)).statusCode).toBe(404);
  });

  it('flags answers with the count kept right under concurrent and repeated flags', async () => {
    const second = newId();
    await db().insert(copilotMessages).values({
      id: second,
      conversationId: named.conversationId,
      meetingId,
      role: 'assistant',
      content: 'Another answer',
      engine: 'builtin',
    });
    const flagOf = (id: string, json: unknown) => call('PUT', `${base()}/messages/${id}/flag`, editor, json);
    const both = await Promise.all([
      flagOf(named.answerId, { flagged: 1, note: 'Hall 3 is south' }),
      flagOf(second, { flagged: 1 }),
      flagOf(named.answerId, { flagged: 1, note: 'Hall 3 is south' }),
    ]);
    expect(both.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(both[0]?.json() as ConsoleCopilotMessage).toMatchObject({
      flagged: 1,
      flag_note: 'Hall 3 is south',
    });
    const count = async () =>
      (
        await db()
          .select()
          .from(copilotConversations)
          .where(eq(copilotConversations.id, named.conversationId))
      )[0]?.flaggedCount;
    expect(await count()).toBe(2);
    const flagged = await call('GET', `${base()}/conversations?flagged=1`, editor);
    expect(
      (flagged.json() as { items: ConsoleCopilotConversation[] }).items.map((item) => item.title),
    ).toEqual(['Where is hall 3?']);
    const cleared = await flagOf(second, { flagged: 0 });
    expect(cleared.json()).toMatchObject({ flagged: 0, flagged_at: null });
    await flagOf(second, { flagged: 0 });
    expect(await count()).toBe(1);
    // A question is not an answer; unknown ids are 404; a stranger 403; a long note 400.
    expect((await flagOf(named.questionId, { flagged: 1 })).statusCode).toBe(400);
    expect((await flagOf(newId(), { flagged: 1 })).statusCode).toBe(404);
    expect((await flagOf(named.answerId, { flagged: 1, note: 'x'.repeat(501) })).statusCode).toBe(400);
    expect(
      (await call('PUT', `${base()}/messages/${named.answerId}/flag`, stranger, { flagged: 0 })).statusCode,
    ).toBe(403);
    expect(await count()).toBe(1);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.meetingId, meetingId), eq(auditLog.action, 'copilot.review')));
    expect(audits.length).toBeGreaterThanOrEqual(3);
    expect(anonymous.conversationId).toBeTruthy();
  });
});

describe('usage', () => {
  it('answers every day of the range with tokens, cost and totals', async () => {
    await db()
      .insert(copilotUsageDaily)
      .values([
        {
          meetingId,
          day: '2026-03-01',
          requests: 10,
          modelRequests: 8,
          builtinRequests: 2,
          failedRequests: 1,
          promptTokens: 1_000_000,
          completionTokens: 500_000,
        },
        {
          meetingId,
          day: '2026-03-03',
          requests: 2,
          modelRequests: 2,
          promptTokens: 10,
          completionTokens: 3,
        },
      ]);
    const res = await call('GET', `${base()}/usage?from=2026-02-28&to=2026-03-03`, editor);
    expect(res.statusCode, res.body).toBe(200);
    const usage = res.json() as ConsoleCopilotUsage;
    expect(usage.days.map((day) => day.day)).toEqual([
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
    ]);
    // Prices from the settings test: 150 000 and 600 000 micros per million tokens.
    expect(usage.days[1]).toMatchObject({ requests: 10, failed_requests: 1, cost_micros: 150_000 + 300_000 });
    expect(usage.days[3]?.cost_micros).toBe(3);
    expect(usage.totals).toMatchObject({ requests: 12, model_requests: 10, prompt_tokens: 1_000_010 });
    expect(usage).toMatchObject({ currency: 'USD', input_price_micros: 150_000 });
    const defaults = await call('GET', `${base()}/usage`, owner);
    expect((defaults.json() as ConsoleCopilotUsage).days).toHaveLength(30);
    for (const query of [
      'from=2025-01-01&to=2026-03-03',
      'from=2026-03-03&to=2026-03-01',
      'from=2026-02-30',
    ]) {
      const refused = await call('GET', `${base()}/usage?${query}`, owner);
      expect(refused.statusCode, query).toBe(400);
    }
    expect((await call('GET', `${base()}/usage`, stranger)).statusCode).toBe(403);
  });
});
