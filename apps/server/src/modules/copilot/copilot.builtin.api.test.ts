import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.ts';
import { loadConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { demoCopilotContact, seedDemoCopilot } from '../../seeds/demo-copilot.ts';
import { demoMeetingId } from '../../seeds/demo-meeting.data.ts';
import { seedDemoMeeting } from '../../seeds/demo-meeting.ts';
import { reindexSearch } from '../search/search.service.ts';
import { answerBuiltin } from './copilot.builtin.ts';
import { evaluateSet, loadEvalSet } from './eval/copilot-eval.ts';

let database: DatabaseHandle;
const config = loadConfig({ NODE_ENV: 'test' });
const ask = (question: string, language = 'en') =>
  answerBuiltin({ db: database.db, config }, { meetingId: demoMeetingId, question, language });

beforeAll(async () => {
  database = await openTestDatabase();
  // The demo meeting without storage (no images): programme, 300 exhibitors, activities, slots, pages, news.
  await seedDemoMeeting({ db: database.db });
  await seedDemoCopilot(database.db);
  await reindexSearch({ db: database.db }, { meetingId: demoMeetingId });
});
afterAll(async () => database?.close());

describe('the built-in assistant on the demo meeting (§1 copilot)', () => {
  it('finds an expected item among the first three cards for at least 70% of the question set', async () => {
    const result = await evaluateSet(database.db, await loadEvalSet('questions'), (question) =>
      ask(question.question, question.language),
    );
    expect(result.total).toBeGreaterThanOrEqual(40);
    expect(result.hitAt3, JSON.stringify(result.misses, null, 1)).toBeGreaterThanOrEqual(0.7);
  });

  it('reports hit@3 on the held-out paraphrases (measured, not asserted high)', async () => {
    const result = await evaluateSet(database.db, await loadEvalSet('heldout'), (question) =>
      ask(question.question, question.language),
    );
    console.info(`built-in hit@3 held-out: ${result.hitAt3.toFixed(3)} (${result.hits}/${result.total})`);
    expect(result.total).toBeGreaterThan(0);
  });

  it('answers when and where a session is, in Chinese for zh', async () => {
    const answer = await ask('card10 徽章的演讲是什么时候？', 'zh');
    expect(answer.template).toBe('session');
    expect(answer.cards[0]).toMatchObject({ type: 'agenda', title: 'card10 Badge' });
    expect(answer.text).toContain('《card10 Badge》');
    expect(answer.text).toContain('Curie');
  });

  it('offers free slots as cards and books nothing', async () => {
    const count = async () => {
      const result = (await database.db.execute(
        sql`SELECT count(*)::int AS n FROM appointments`,
      )) as unknown as {
        rows: { n: number }[];
      };
      return Number(result.rows[0]?.n ?? 0);
    };
    const before = await count();
    const answer = await ask('Can I book a meeting with Suzhou Hanbit Energy?');
    expect(answer.template).toBe('slots');
    expect(answer.cards[0]?.type).toBe('slot');
    expect(answer.cards.some((card) => card.type === 'exhibitor')).toBe(true);
    expect(answer.text).toContain('I book nothing');
    expect(await count()).toBe(before);
  });

  it("says honestly it can't answer off-topic questions and gives the organiser's contact", async () => {
    const answer = await ask('帮我写一首关于春天的诗', 'zh');
    expect(answer.template).toBeNull();
    expect(answer.text).toContain('无法回答');
    expect(answer.text).toContain(demoCopilotContact);
    expect(answer.cards).toEqual([expect.objectContaining({ type: 'page', extra: { kind: 'contact' } })]);
  });

  it('answers ticket and invoice questions from the organiser FAQ', async () => {
    const ticket = await ask('Where do I find my ticket?');
    expect(ticket.template).toBe('ticket');
    expect(ticket.cards[0]).toMatchObject({ type: 'faq', id: '636f70696c6f740000000f01' });
    const invoice = await ask('如何开发票？', 'zh');
    expect(invoice.cards[0]).toMatchObject({ type: 'faq', id: '636f70696c6f740000000f04' });
  });

  it('answers the refusal for a meeting that does not exist', async () => {
    const answer = await answerBuiltin(
      { db: database.db, config },
      { meetingId: '000000000000000000000000', question: 'When is the card10 talk?', language: 'en' },
    );
    expect(answer).toMatchObject({ template: null, cards: [] });
  });
});

describe('seedDemoCopilot', () => {
  it('switched the demo copilot on with its texts, and does nothing the second time', async () => {
    const result = (await database.db.execute(
      sql`SELECT exhibition FROM meetings WHERE id = ${demoMeetingId}`,
    )) as unknown as { rows: { exhibition: Record<string, unknown> }[] };
    expect(result.rows[0]?.exhibition).toMatchObject({ enable_copilot: 1, show_exhibitor: 1 });
    expect(result.rows[0]?.exhibition.copilot_prologue_questions).toHaveLength(6);
    expect(await seedDemoCopilot(database.db)).toBe(false);
  });
});
