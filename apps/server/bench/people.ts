/**
 * `npm run bench:people`: GET /users/recommend (§1 recommendations, §7 Users) with 10,000 exposed
 * participants of one meeting (BENCH_PEOPLE, default 10,000), each with an approved ticket for one of
 * 4 activities, 1–3 of 12 tags, one of 8 industries, 2 of 30 bookmarked sessions, and likes of a few of
 * 20 enterprises; a tenth hidden (exposure 0), the viewer connected to 50 of them. Every call goes
 * through the whole app (Apikey, session, contract, service, serializer) with app.inject on PGlite, one
 * at a time, BENCH_PEOPLE_CALLS (default 200) per variant after 20 warm-up calls: the recommendations
 * (10 and 20) and the directory's first page with and without a filter. Prints p50/p95/p99 per
 * variant. Not a test: nothing fails.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { insertActivity } from '../src/modules/activities/activities.fixtures.ts';
import { findUserById } from '../src/modules/users/users.repository.ts';
import { signIn } from '../src/modules/users/users.service.ts';
import { ids, seedFixture } from '../test/fixture.ts';
import { bearer } from '../test/login.ts';
import { apiUrl, createTestApp } from '../test/test-app.ts';

const peopleCount = Number(process.env.BENCH_PEOPLE ?? 10_000);
const calls = Number(process.env.BENCH_PEOPLE_CALLS ?? 200);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const hex = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(22, '0')}`;

async function main() {
  const t = await createTestApp();
  const db = t.database.db;
  await seedFixture(db);
  const meeting = ids.meeting;
  const started = performance.now();
  const acts = await Promise.all([0, 1, 2, 3].map(() => insertActivity(db, { meetingId: meeting })));
  // 'a1…' industries, 'a2…' sessions, 'a3…' enterprises, 'ab…' users.
  await db.execute(sql`
    insert into categories (id, meeting_id, type, title, weight)
    select 'a1' || lpad(to_hex(g), 22, '0'), ${meeting}, 'industry', jsonb_build_object('en', 'Industry ' || g), g
    from generate_series(1, 8) g`);
  await db.execute(sql`
    insert into agendas (id, meeting_id, guid, title, start, "end")
    select 'a2' || lpad(to_hex(g), 22, '0'), ${meeting}, 'bench-' || g, jsonb_build_object('en', 'Session ' || g),
           now() + g * interval '1 hour', now() + g * interval '1 hour' + interval '45 minutes'
    from generate_series(1, 30) g`);
  await db.execute(sql`
    insert into enterprises (id, title)
    select 'a3' || lpad(to_hex(g), 22, '0'), jsonb_build_object('en', 'Enterprise ' || g)
    from generate_series(1, 20) g`);
  await db.execute(sql`
    insert into users (id, username, phone, area_code, email, work_title, work_company)
    select 'ab' || lpad(to_hex(g), 22, '0'), 'Person ' || g, '+86137' || lpad(g::text, 8, '0'), '86',
           'person' || g || '@example.com', 'Engineer', 'Company ' || (g % 300)
    from generate_series(0, ${peopleCount}) g`);
  const tagSet = sql`array['AI','Robots','IoT','Logistics','Sourcing','Textiles','Export','Investment','Policy','Agritech','Food','Energy']`;
  await db.execute(sql`
    insert into meeting_user_profiles (meeting_id, user_id, exposure, tags, industry_id, introduction, updated_at)
    select ${meeting}, 'ab' || lpad(to_hex(g), 22, '0'), (g % 10 <> 3)::int,
           array(select (${tagSet})[1 + ((g * 7 + k * 5) % 12)] from generate_series(0, g % 3) k),
           'a1' || lpad(to_hex(1 + g % 8), 22, '0'), 'Hello from person ' || g, now() - g * interval '1 second'
    from generate_series(0, ${peopleCount}) g`);
  for (const [index, act] of acts.entries()) {
    await db.execute(sql`
      insert into tickets (id, meeting_id, activity_id, price_id, user_id, status, code)
      select 'ac' || lpad(to_hex(g * 4 + ${index}), 22, '0'), ${meeting}, ${act.activityId}, ${act.priceIds[0] as string},
             'ab' || lpad(to_hex(g), 22, '0'), 1, upper(md5('t' || g || '-' || ${index}))
      from generate_series(0, ${peopleCount}) g where g % 4 = ${index} or g = 0`);
  }
  await db.execute(sql`
    insert into agenda_bookmarks (user_id, agenda_id, meeting_id)
    select distinct 'ab' || lpad(to_hex(g), 22, '0'), 'a2' || lpad(to_hex(1 + (g * k * 13) % 30), 22, '0'), ${meeting}
    from generate_series(0, ${peopleCount}) g, generate_series(1, 2) k
    on conflict do nothing`);
  await db.execute(sql`
    insert into reactions (user_id, kind, target_type, target_id)
    select distinct 'ab' || lpad(to_hex(g), 22, '0'), 'like', 'enterprise', 'a3' || lpad(to_hex(1 + (g * 11) % 20), 22, '0')
    from generate_series(0, ${peopleCount}) g where g % 3 = 0
    on conflict do nothing`);
  const viewerId = hex('ab', 0);
  await db.execute(sql`
    insert into friendships (user_id, friend_id, meeting_id, source)
    select a, b, ${meeting}, 'card' from (
      select ${viewerId} as a, 'ab' || lpad(to_hex(g), 22, '0') as b from generate_series(1, 50) g
      union all select 'ab' || lpad(to_hex(g), 22, '0'), ${viewerId} from generate_series(1, 50) g
    ) x`);
  for (const table of [
    'users',
    'meeting_user_profiles',
    'tickets',
    'agenda_bookmarks',
    'reactions',
    'friendships',
  ]) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
  console.log(`seeded ${peopleCount} participants in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const viewer = await findUserById(db, viewerId);
  if (!viewer) throw new Error('no viewer');
  const login = await signIn(
    { db, config: t.app.deps.config },
    { user: viewer, meetingId: meeting, method: 'phone' },
  );
  const headers = bearer(login);

  const variants = [
    { label: 'recommend (10)', url: apiUrl('/users/recommend') },
    { label: 'recommend (20)', url: apiUrl('/users/recommend', { limit: 20 }) },
    { label: 'directory, first page', url: apiUrl('/meeting/users') },
    { label: 'directory, tag=Robots', url: apiUrl('/meeting/users', { tag: 'Robots' }) },
    { label: 'directory, keyword', url: apiUrl('/meeting/users', { keyword: 'Company 12' }) },
  ];
  let address = 0;
  for (const variant of variants) {
    const samples: number[] = [];
    for (let index = 0; index < calls + 20; index += 1) {
      address += 1;
      const began = performance.now();
      const res = await t.call('GET', variant.url, {
        headers,
        remoteAddress: `10.8.${(address >> 8) & 255}.${address & 255}`,
      });
      const elapsed = performance.now() - began;
      if (res.statusCode !== 200) throw new Error(`${variant.label}: ${res.statusCode} ${res.body}`);
      if (index === 0 && variant.label.startsWith('recommend')) {
        const results = (res.json() as { results: { reasons: { kind: string }[] }[] }).results;
        console.log(
          `  ${variant.label}: ${results.length} results, first reasons ${results[0]?.reasons.map((r) => r.kind).join(',')}`,
        );
      }
      if (index >= 20) samples.push(elapsed);
    }
    const sorted = samples.sort((a, b) => a - b);
    const f = (ms: number) => `${ms.toFixed(2)} ms`;
    console.log(
      `${variant.label.padEnd(24)} n=${sorted.length} p50 ${f(percentile(sorted, 0.5))}  p95 ${f(percentile(sorted, 0.95))}  p99 ${f(percentile(sorted, 0.99))}`,
    );
  }
  await t.close();
}

await main();
