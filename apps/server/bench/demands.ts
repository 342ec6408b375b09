/**
 * `npm run bench:demands`: the demand list (§7 GET /demands) at 10,000 demands of one meeting
 * (BENCH_DEMANDS, default 10,000; 500 posters; a few hidden for review or blocked, some closed;
 * likes and comments spread so 'hot' has an order). Every call goes through the whole app (Apikey,
 * session, contract, service, the §6 contact rules, serializer) with app.inject on PGlite, one at a
 * time, BENCH_DEMAND_CALLS (default 300) per variant after 30 warm-up calls: the first page newest and
 * hot, a type filter, a keyword search, a deep page (skip 5,000), and a logged-in reader (their likes
 * and their own hidden items looked up too). Prints p50/p95/p99 per variant. Not a test: nothing fails.
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { signIn } from '../src/modules/users/users.service.ts';
import { users } from '../src/modules/users/users.tables.ts';
import { ids, seedFixture } from '../test/fixture.ts';
import { bearer } from '../test/login.ts';
import { apiUrl, createTestApp } from '../test/test-app.ts';

const demandCount = Number(process.env.BENCH_DEMANDS ?? 10_000);
const calls = Number(process.env.BENCH_DEMAND_CALLS ?? 300);
const posters = 500;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function main() {
  const t = await createTestApp();
  const db = t.database.db;
  await seedFixture(db);
  const seeded = performance.now();
  // 24-hex ids: 'ab…' users, 'cd…' demands.
  await db.execute(sql`
    insert into users (id, username, phone, area_code, email)
    select 'ab' || lpad(to_hex(g), 22, '0'), 'Poster ' || g, '+86139' || lpad(g::text, 8, '0'), '86',
           'poster' || g || '@example.com'
    from generate_series(1, ${posters}) g`);
  await db.execute(sql`
    insert into demands (id, meeting_id, user_id, type, title, description, area, hide_contact, status,
                         moderation_state, like_total, comment_total, created_at, updated_at)
    select 'cd' || lpad(to_hex(g), 22, '0'), ${ids.meeting},
           'ab' || lpad(to_hex(1 + g % ${posters}), 22, '0'),
           (array['supply', 'demand', 'cooperation'])[1 + g % 3],
           (array['Looking for', 'Offering', 'Partner wanted for', 'Need a supplier of'])[1 + g % 4] || ' ' ||
           (array['LED screens', 'stand logistics', 'robot arms', 'catering', 'printing', 'translation'])[1 + g % 6] ||
           ' #' || g,
           'We are a company in the ' ||
           (array['robotics', 'textile', 'logistics', 'software', 'food'])[1 + g % 5] ||
           ' business looking for partners at the fair. Request number ' || g || '.',
           (array['Shanghai', 'Beijing', 'Shenzhen', 'Hangzhou'])[1 + g % 4], (g % 7 = 0)::int,
           case when g % 11 = 0 then 'closed' else 'open' end,
           case when g % 97 = 0 then 'review' when g % 89 = 0 then 'blocked' else 'visible' end,
           (g * 37) % 101, (g * 13) % 17,
           now() - g * interval '1 minute', now() - g * interval '1 minute'
    from generate_series(1, ${demandCount}) g`);
  await db.execute(sql`analyze demands`);
  console.log(
    `seeded ${demandCount} demands by ${posters} posters in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );

  const [reader] = await db.select().from(users).where(eq(users.username, 'Poster 1'));
  if (!reader) throw new Error('no reader');
  const login = await signIn(
    { db, config: t.app.deps.config },
    { user: reader, meetingId: ids.meeting, method: 'phone' },
  );
  await db.execute(sql`
    insert into demand_likes (demand_id, user_id)
    select 'cd' || lpad(to_hex(g), 22, '0'), ${reader.id} from generate_series(1, ${demandCount}, 40) g`);

  const variants: { label: string; url: string; headers?: Record<string, string> }[] = [
    { label: 'newest, first page (20)', url: apiUrl('/demands', { meeting_id: ids.meeting }) },
    { label: 'hot, first page', url: apiUrl('/demands', { meeting_id: ids.meeting, order: 'hot' }) },
    { label: 'type=cooperation', url: apiUrl('/demands', { meeting_id: ids.meeting, type: 'cooperation' }) },
    { label: 'keyword "robot"', url: apiUrl('/demands', { meeting_id: ids.meeting, keyword: 'robot' }) },
    { label: 'deep page (skip 5000)', url: apiUrl('/demands', { meeting_id: ids.meeting, skip: 5000 }) },
    {
      label: 'logged-in reader, newest',
      url: apiUrl('/demands', { meeting_id: ids.meeting }),
      headers: bearer(login),
    },
    {
      label: 'logged-in, liked=1',
      url: apiUrl('/demands', { meeting_id: ids.meeting, liked: 1 }),
      headers: bearer(login),
    },
  ];
  let address = 0;
  for (const variant of variants) {
    const samples: number[] = [];
    for (let index = 0; index < calls + 30; index += 1) {
      address += 1;
      const started = performance.now();
      const res = await t.call('GET', variant.url, {
        headers: variant.headers ?? {},
        remoteAddress: `10.9.${(address >> 8) & 255}.${address & 255}`,
      });
      const elapsed = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${variant.label}: ${res.statusCode} ${res.body}`);
      if (index >= 30) samples.push(elapsed);
    }
    const sorted = samples.sort((a, b) => a - b);
    const f = (ms: number) => `${ms.toFixed(2)} ms`;
    console.log(
      `${variant.label.padEnd(28)} n=${sorted.length} p50 ${f(percentile(sorted, 0.5))}  p95 ${f(percentile(sorted, 0.95))}  p99 ${f(percentile(sorted, 0.99))}`,
    );
  }
  await t.close();
}

await main();
