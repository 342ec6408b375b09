/**
 * `npm run bench:moderation`: the cost of moderating one post (§5 sensitive content) with the local
 * provider — moderateText as the posting modules call it: the ban lookup, the meaningless check, the
 * meeting's own word list (1,000 organiser words, cached), the starter word lists (Aho–Corasick) and
 * the flood bookkeeping (one insert + count in SQL). Texts are the titles, abstracts and descriptions
 * of the sample schedules in ../shared/data (real conference prose, en/de), plus zh sentences; each
 * post is by one of 500 users so the flood windows do not refuse them. Runs on PGlite in memory
 * (BENCH_MODERATION_POSTS, default 2,000 posts). Prints p50/p95/p99 per post, and the pure text check
 * (no database) for comparison. Not a test: nothing fails.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { newId } from '../src/db/ids.ts';
import { checkOneText, moderateText } from '../src/modules/moderation/moderation.service.ts';
import { moderationWords } from '../src/modules/moderation/moderation.tables.ts';
import { createLocalModerationProvider } from '../src/providers/moderation/local-moderation.ts';
import { ids, seedFixture } from '../test/fixture.ts';

const posts = Number(process.env.BENCH_MODERATION_POSTS ?? 2000);

/** Strings of the sample schedules worth moderating (titles, abstracts, descriptions). */
function sampleTexts(): string[] {
  const texts: string[] = [];
  const folder = join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'data');
  for (const file of ['camp2019.schedule.json', 'democon.schedule.json']) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(join(folder, file), 'utf8'));
    } catch {
      continue;
    }
    const walk = (value: unknown, key = ''): void => {
      if (typeof value === 'string') {
        if (['title', 'subtitle', 'abstract', 'description'].includes(key) && value.trim().length >= 5) {
          texts.push(value.slice(0, 500));
        }
      } else if (Array.isArray(value)) {
        for (const item of value) walk(item, key);
      } else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
    };
    walk(data);
  }
  texts.push(
    '请问贵公司的产品支持定制吗？我们想了解批量采购的价格。',
    '我们是一家做智能制造的企业，寻找华东地区的合作伙伴。',
    '展位在几号馆？周日下午还开放吗？',
  );
  return texts;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const describe = (label: string, samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const f = (ms: number) => `${ms.toFixed(3)} ms`;
  console.log(
    `${label}: n=${sorted.length} p50 ${f(percentile(sorted, 0.5))}  p95 ${f(percentile(sorted, 0.95))}  p99 ${f(percentile(sorted, 0.99))}`,
  );
};

async function main() {
  const database = await openDatabase({});
  await database.migrate();
  const db = database.db;
  await seedFixture(db);
  const meetingId = ids.meeting;
  const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: '0' });
  // 1,000 organiser words (random-looking tokens that never occur in the texts, plus some CJK).
  const words = Array.from({ length: 1000 }, (_, i) => ({
    id: newId(),
    meetingId,
    word: i % 4 === 0 ? `禁词${i.toString(36)}项` : `blockedword${i.toString(36)}x`,
    category: 'spam',
    allow: 0,
  }));
  await db.insert(moderationWords).values(words);
  const texts = sampleTexts();
  console.log(
    `moderation bench: ${texts.length} sample texts, ${posts} posts, 1,000 organiser words, local provider`,
  );

  const provider = createLocalModerationProvider();
  // Warm-up: compile the lists, load the meeting's words into the cache.
  for (let i = 0; i < 50; i++)
    await checkOneText({ db, provider }, meetingId, texts[i % texts.length] ?? 'x');

  const pure: number[] = [];
  for (let i = 0; i < posts; i++) {
    const text = texts[i % texts.length] ?? '';
    const start = performance.now();
    await checkOneText({ db, provider }, meetingId, text);
    pure.push(performance.now() - start);
  }
  const full: number[] = [];
  let refused = 0;
  for (let i = 0; i < posts; i++) {
    const text = texts[i % texts.length] ?? '';
    const start = performance.now();
    try {
      await moderateText(
        { db, config },
        { meetingId, userId: `user${i % 500}`, kind: 'thread', texts: [text] },
      );
    } catch {
      refused += 1;
    }
    full.push(performance.now() - start);
  }
  describe('text check only (meaningless + 1k meeting words + starter lists)', pure);
  describe('moderateText per post (ban lookup + checks + flood insert/count, PGlite)', full);
  console.log(`refused: ${refused} of ${posts} (sample texts that hit a starter word, meaningless or flood)`);
  await database.close();
}

await main();
